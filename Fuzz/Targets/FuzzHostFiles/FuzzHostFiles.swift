import FeatureHostRuntime
import FuzzSupport

/// What the live host reads that no person wrote: a running host's record in `<data dir>/run/<pid>.host` (any
/// program may put a file there) and the records an inotify descriptor hands over. Each parse gives a record or
/// nothing, never a trap; a record reads back as itself from its own text; the inotify parse never reads past the
/// bytes it was given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHostFiles(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput(start, count).bytes
    if let record = RunningHostRecord.parse(String(decoding: bytes, as: UTF8.self)) {
        fuzzInvariant(record.command.count <= RunningHostRecord.commandLimit, "a command of \(record.command.count) characters")
        fuzzInvariant(RunningHostRecord.parse(record.text) == record, "a host record changed after writing it again")
    }
    let records = InotifyRecord.parse(bytes[...])
    fuzzInvariant(records.count <= bytes.count / 16 + 1, "\(records.count) inotify records from \(bytes.count) bytes")
    return 0
}
