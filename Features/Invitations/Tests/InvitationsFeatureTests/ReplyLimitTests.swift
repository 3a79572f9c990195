import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import InvitationsFeature

/// The backend's reply is bounded while it arrives, but the limit applies to what is kept, not to whether the
/// message shows: a 10 MB error message shows its beginning, cut with `…`; only a reply over the read limit fails,
/// and it is worded as an answer too large, never as a request that could not be sent.
@Suite("The backend's reply limit")
struct ReplyLimitTests {
    static let invitation = Invitation(name: "Jane Doe", email: "jane@example.com")

    @Test func aTenMegabyteErrorMessageShowsItsBeginningCutWithAnEllipsis() async throws {
        let message = "Begins here. " + String(repeating: "x", count: 10_000_000)
        let server = try LoopbackHTTPServer { _ in .json(#"{"errorMessage":"\#(message)"}"#, status: 400) }
        let host = try TestHost()
        let backend = LiveInvitationClient(url: server.url("fakeAuth"), timeout: 60, transport: host.transport)
        guard case .rejected(let shown) = try await backend.requestInvitation(Self.invitation) else {
            Issue.record("a 400 with a message is the backend's refusal")
            return
        }
        #expect(shown.count == TextLimit.message.maximumCharacters)
        #expect(shown.hasPrefix("Begins here. xxxx") && shown.hasSuffix("…"))
    }

    @Test func aReplyOverTheReadLimitIsAnAnswerTooLargeNotARequestNotSent() async throws {
        let body = String(repeating: "y", count: LiveInvitationClient.maximumReplySize + 1)
        let server = try LoopbackHTTPServer { _ in .text(body, status: 400) }
        let host = try TestHost()
        let backend = LiveInvitationClient(url: server.url("fakeAuth"), timeout: 60, transport: host.transport)
        await #expect(throws: InvitationFailure.replyTooLarge(limit: LiveInvitationClient.maximumReplySize)) {
            _ = try await backend.requestInvitation(Self.invitation)
        }
        let words = InvitationFailure.replyTooLarge(limit: LiveInvitationClient.maximumReplySize).message
        #expect(
            words
                == "The invitation server answered, but its reply was larger than 16 MB and was not read. Please press Send to try again in a moment."
        )
        #expect(!words.contains("could not be sent"))
    }
}
