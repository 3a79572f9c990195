import FuzzSupport
import WebUI

/// A POSTed page message: decoded, or refused with an error that names what was wrong.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageEvent(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    do {
        // The page events' limits on the reader the config shares (StrictJSON): whatever is accepted is within them.
        let message = try ClientMessage.decode(input.bytes)
        if case .event(let event) = message {
            let strings = [event.action, event.value ?? ""] + event.fields.flatMap { [$0.key, $0.value] }
            fuzzInvariant(strings.allSatisfy { $0.utf8.count <= 16 * 1024 }, "a string past 16 KiB was accepted")
            fuzzInvariant(event.fields.count <= 64, "more than 64 fields were accepted")
        }
    } catch {
        let text = "\(error)"
        fuzzInvariant(!text.isEmpty, "an error without a message")
        // A refusal quotes a key or a number by its start only: its answer stays small whatever the body.
        fuzzInvariant(text.utf8.count <= 1_024, "a refusal of \(text.utf8.count) bytes")
    }
    return 0
}
