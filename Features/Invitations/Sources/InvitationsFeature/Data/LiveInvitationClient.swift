import FeatureHostCore
import Foundation

/// Requests invitations from the real backend over the host's transport:
/// `POST <url>` with `Content-Type: application/json` and `{"name":"…","email":"…"}`.
public struct LiveInvitationClient: InvitationClient {
    public let url: URL
    public let timeout: Double
    public let transport: any HTTPTransport

    /// The backend answers with a word or a short JSON object. A long `errorMessage` is still shown, cut to
    /// `TextLimit.message` with `…` (the limit is on what is kept), so a reply is read up to the transport's own
    /// default; only a larger one fails while it arrives, as an answer too large (`replyTooLarge`).
    public static let maximumReplySize = 16 * 1024 * 1024

    public init(url: URL, timeout: Double, transport: any HTTPTransport) {
        self.url = url
        self.timeout = timeout
        self.transport = transport
    }

    public func requestInvitation(_ invitation: Invitation) async throws(InvitationFailure) -> InvitationOutcome {
        let request = HTTPRequest(
            method: "POST", url: url,
            headers: ["Content-Type": "application/json", "Accept": "application/json, text/plain"],
            body: Self.body(for: invitation), timeout: timeout, maximumBodySize: Self.maximumReplySize)
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw InvitationFailure(error)
        }
        return try InvitationReplyReader.read(response)
    }

    /// `{"name":…,"email":…}` in the contract's key order (JSONEncoder does not promise one).
    static func body(for invitation: Invitation) -> Data {
        Data("{\"name\":\(jsonString(invitation.name)),\"email\":\(jsonString(invitation.email))}".utf8)
    }

    private static func jsonString(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Encoding a String cannot fail; the fallback only satisfies the type checker.
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}
