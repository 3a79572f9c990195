import FeatureHostCore
import Foundation
import StrictJSON

/// Reads the `fakeAuth` reply. Success is keyed on the status alone (the body is `Registered` as plain text
/// or as the JSON string `"Registered"`, and neither form is required); a 400 must carry
/// `{"errorMessage": "…"}`.
public enum InvitationReplyReader {
    public static func read(_ response: HTTPResponse) throws(InvitationFailure) -> InvitationOutcome {
        switch response.status {
        case 200:
            return .registered
        case 400:
            guard let message = errorMessage(in: response.body) else {
                throw .unreadableReply(status: 400)
            }
            return .rejected(message: message)
        default:
            throw .unexpectedStatus(response.status)
        }
    }

    /// The `errorMessage` string of a JSON object, cut to `TextLimit.message`, with control characters (which
    /// would corrupt a terminal line) turned into spaces; `nil` when absent, not a string or blank.
    static func errorMessage(in body: Data) -> String? {
        // The strict reader, as for every other reply: a repeated key or a trailing comma is not a message.
        guard case .object(let members) = try? JSONReader.parse(Array(body)),
            case .string(let message) = members.first(where: { $0.key == "errorMessage" })?.value
        else { return nil }
        let printable = String(
            String.UnicodeScalarView(
                TextLimit.message.apply(message).unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        return printable.trimmingCharacters(in: .whitespaces).isEmpty ? nil : printable
    }
}
