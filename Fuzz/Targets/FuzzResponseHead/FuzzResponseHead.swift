import DataSources
import FuzzSupport

/// Each line of a response head as libcurl hands it over (`ResponseHeadLine`): a fault in words or none, never a
/// trap; a line with a bare CR before its end is always a fault.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponseHead(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput(start, count).bytes
    let fault = bytes.withUnsafeBytes { ResponseHeadLine.fault(in: $0) }
    var content = bytes[...]
    if content.last == 0x0A { content = content.dropLast() }
    if content.last == 0x0D { content = content.dropLast() }
    if content.contains(0x0D) { fuzzInvariant(fault != nil, "a bare CR in a head line was not a fault") }
    return 0
}
