import DataSources
import Foundation
import FuzzSupport

/// A settings file's journal (`<data dir>/preferences.plist.journal`): any program may write it. A parse gives a
/// journal or nothing, never a trap; every record it keeps is within the limits; the records it kept read back as
/// themselves once written again after the same first line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSettingsJournal(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = Data(FuzzInput(start, count).bytes)
    guard let journal = SettingsJournal.parse(bytes) else { return 0 }
    var written = SettingsJournal.header(for: journal.base)
    for record in journal.records {
        fuzzInvariant(record.name.utf8.count <= SettingsJournal.maximumNameBytes, "a name of \(record.name.utf8.count) bytes")
        fuzzInvariant((record.value?.count ?? 0) <= bytes.count, "a value longer than the journal")
        written.append(SettingsJournal.record(name: record.name, value: record.value))
    }
    let again = SettingsJournal.parse(written)
    fuzzInvariant(again?.records.count == journal.records.count && again?.damage == nil, "the kept records did not read back")
    return 0
}
