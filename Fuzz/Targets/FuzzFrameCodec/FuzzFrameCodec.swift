import FuzzSupport
import TerminalUI

/// A plugin's frame bytes: refused with an error or decoded to a frame that encodes back to a frame equal to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrameCodec(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    guard let frame = try? FrameCodec.decode(input.bytes) else { return 0 }
    let again = FrameCodec.encode(frame)
    do {
        let decoded = try FrameCodec.decode(again)
        fuzzInvariant(decoded == frame, "a decoded frame changed after encoding it again")
    } catch {
        fuzzInvariant(false, "an encoded frame did not decode: \(error)")
    }
    return 0
}
