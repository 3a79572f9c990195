import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import InvitationsFeature

/// The backend's reply is bounded while it arrives (issue 24, points 2 and 4): a 10 MB error message fails the request
/// with the limit named, never reaching the form whole; a reply just under the limit is read.
@Suite("The backend's reply limit")
struct ReplyLimitTests {
    static let invitation = Invitation(name: "Jane Doe", email: "jane@example.com")

    @Test func aTenMegabyteErrorMessageFailsWithTheLimitNamed() async throws {
        let message = String(repeating: "x", count: 10_000_000)
        let server = try LoopbackHTTPServer { _ in .json(#"{"errorMessage":"\#(message)"}"#, status: 400) }
        let host = try TestHost()
        let backend = LiveInvitationClient(url: server.url("fakeAuth"), timeout: 60, transport: host.transport)
        await #expect(throws: InvitationFailure.failed(reason: "the reply was larger than 1048576 bytes")) {
            _ = try await backend.requestInvitation(Self.invitation)
        }
    }

    @Test func anErrorMessageUnderTheLimitIsReadAndCutForTheForm() async throws {
        let message = String(repeating: "y", count: LiveInvitationClient.maximumReplySize - 100)
        let server = try LoopbackHTTPServer { _ in .json(#"{"errorMessage":"\#(message)"}"#, status: 400) }
        let host = try TestHost()
        let backend = LiveInvitationClient(url: server.url("fakeAuth"), timeout: 60, transport: host.transport)
        guard case .rejected(let shown) = try await backend.requestInvitation(Self.invitation) else {
            Issue.record("a 400 with a message is the backend's refusal")
            return
        }
        #expect(shown.count == TextLimit.message.maximumCharacters)
        #expect(shown.hasPrefix("yyyy") && shown.hasSuffix("…"))
    }
}
