import FeatureHostCore
import Foundation
import FuzzSupport
import InvitationsFeature

/// The `fakeAuth` reply: the first two bytes pick the status (100...599), the rest is the body. Every reply is
/// an outcome or a failure with a message; a shown rejection is one printable, non-blank line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInvitationReply(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput(start, count).bytes
    guard bytes.count >= 2 else { return 0 }
    let status = 100 + (Int(bytes[0]) << 8 | Int(bytes[1])) % 500
    let response = HTTPResponse(status: status, body: Data(bytes.dropFirst(2)))
    do {
        if case .rejected(let message) = try InvitationReplyReader.read(response) {
            fuzzInvariant(!message.trimmingCharacters(in: .whitespaces).isEmpty, "a blank rejection message")
            fuzzInvariant(
                !message.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "a control character in a rejection message: \(message.debugDescription)")
        }
    } catch {
        fuzzInvariant(!error.message.isEmpty, "a failure without a message")
    }
    return 0
}
