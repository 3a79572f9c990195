import FuzzSupport
import WebUI

/// A POSTed page message: decoded, or refused with an error that names what was wrong.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageEvent(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    do {
        _ = try ClientMessage.decode(input.bytes)
    } catch {
        fuzzInvariant(!"\(error)".isEmpty, "an error without a message")
    }
    return 0
}
