import FeatureHostCore
import Foundation
import Testing

@testable import InvitationsFeature

@Suite("Reading the backend's reply")
struct ReplyReaderTests {
    @Test(
        "Outcomes by status and body",
        arguments: [
            (200, "Registered", Result<InvitationOutcome, InvitationFailure>.success(.registered)),
            (200, "\"Registered\"", .success(.registered)),
            (200, "", .success(.registered)),
            (
                400, #"{"errorMessage":"This email address is already in use"}"#,
                .success(.rejected(message: "This email address is already in use"))
            ),
            (400, #"{"errorMessage":"Line\none"}"#, .success(.rejected(message: "Line one"))),
            (400, #"{"message":"nope"}"#, .failure(.unreadableReply(status: 400))),
            (400, #"{"errorMessage":"  "}"#, .failure(.unreadableReply(status: 400))),
            (400, #"{"errorMessage":42}"#, .failure(.unreadableReply(status: 400))),
            // Read strictly, as the config is: which of two messages would be meant is not known.
            (400, #"{"errorMessage":"a","errorMessage":"b"}"#, .failure(.unreadableReply(status: 400))),
            (400, #"{"errorMessage":"a",}"#, .failure(.unreadableReply(status: 400))),
            (400, "<html>oops", .failure(.unreadableReply(status: 400))),
            (500, "Internal error", .failure(.unexpectedStatus(500))),
            (404, "", .failure(.unexpectedStatus(404))),
            (201, "Registered", .failure(.unexpectedStatus(201))),
        ] as [(Int, String, Result<InvitationOutcome, InvitationFailure>)])
    func outcomes(_ status: Int, _ body: String, _ expected: Result<InvitationOutcome, InvitationFailure>) {
        let result = Result { () throws(InvitationFailure) -> InvitationOutcome in
            try InvitationReplyReader.read(HTTPResponse(status: status, body: Data(body.utf8)))
        }
        #expect(result == expected)
    }

    @Test("Transport errors become failures with a message of their own")
    func transportErrors() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/fakeAuth"))
        #expect(InvitationFailure(HTTPError.timedOut(url, seconds: 15)) == .timedOut(seconds: 15))
        #expect(
            InvitationFailure(HTTPError.cannotConnect(url, reason: "the connection was refused"))
                == .cannotConnect(host: "127.0.0.1:9", reason: "the connection was refused"))
        #expect(InvitationFailure(HTTPError.failed(url, reason: "boom")) == .failed(reason: "boom"))
        #expect(
            [
                InvitationFailure.unexpectedStatus(500), .unreadableReply(status: 400), .timedOut(seconds: 0.5),
                .cannotConnect(host: "127.0.0.1:9", reason: "the connection was refused"), .failed(reason: "boom"),
            ].map(\.message) == [
                "The invitation server had a problem (HTTP 500). Please press Send to try again in a moment.",
                "The invitation server turned the request down (HTTP 400) without saying why. Check your details and press Send to try again.",
                "The invitation server did not answer within 0.5 s. Check your internet connection and press Send to try again.",
                "Could not reach the invitation server (127.0.0.1:9): the connection was refused. Check your internet connection and press Send to try again.",
                "The request could not be sent: boom. Please press Send to try again.",
            ])
    }

    /// A 10 MB explanation from the backend once left the page unrendered while the host spun: it is cut where
    /// it comes in, and a timeout of any size is worded without a trap.
    @Test("A 10 MB server message is cut to what a message may be")
    func hugeServerMessage() throws {
        let huge = String(repeating: "no ", count: 3_500_000)
        let body = Data(#"{"errorMessage":"\#(huge)"}"#.utf8)
        #expect(body.count > 10_000_000)
        guard case .rejected(let message) = try InvitationReplyReader.read(HTTPResponse(status: 400, body: body)) else {
            Issue.record("not a rejection")
            return
        }
        #expect(message.count <= TextLimit.message.maximumCharacters && message.count > 3_900 && message.hasSuffix("…"))
        let url = try #require(URL(string: "http://127.0.0.1:9/fakeAuth"))
        #expect(InvitationFailure(HTTPError.failed(url, reason: huge)).message.count < TextLimit.message.maximumCharacters + 100)
        #expect(InvitationFailure.timedOut(seconds: 1e300).message.hasPrefix("The invitation server did not answer within 1e+300 s."))
    }

    @Test("The request body is {name, email} in that order, slashes and quotes escaped as JSON")
    func body() {
        let body = LiveInvitationClient.body(for: Invitation(name: "Jane \"JD\" Doe", email: "jane/doe@example.com"))
        #expect(String(decoding: body, as: UTF8.self) == #"{"name":"Jane \"JD\" Doe","email":"jane/doe@example.com"}"#)
    }
}
