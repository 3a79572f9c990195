import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFixtures
import Testing

@testable import InvitationsFeature

/// The whole flow through the feature's live backend against a real HTTP server on 127.0.0.1.
@Suite("Request and cancel against a loopback backend")
@MainActor
struct LoopbackFlowTests {
    @Test("Request, congratulations, registered page, cancel alert, cancelled view, not-registered page")
    func fullFlow() async throws {
        let server = try LoopbackHTTPServer(handler: Harness.fakeAuth)
        let h = try Harness(url: server.url("fakeAuth"))
        let store = h.store()
        #expect(store.state == Expected.notRegistered())

        store.send(.activate) { $0 = Expected.notRegistered(focused: false, modal: Expected.form()) }
        for (index, text) in ["J", "a", "n", "e", " Doe"].enumerated() {
            store.send(.insert(text)) { $0.modal = Expected.form([["J", "Ja", "Jan", "Jane", "Jane Doe"][index], "", ""]) }
        }
        store.send(.activate) { $0.modal = Expected.form(["Jane Doe", "", ""], focus: .field(.email)) }
        store.send(.insert("jane@example.com")) { $0.modal = Expected.form(["Jane Doe", "jane@example.com", ""], focus: .field(.email)) }
        store.send(.focusNext) { $0.modal = Expected.form(["Jane Doe", "jane@example.com", ""], focus: .field(.confirmEmail)) }
        let filled = ["Jane Doe", "jane@example.com", "jane@example.com"]
        store.send(.insert("jane@example.com")) { $0.modal = Expected.form(filled, focus: .field(.confirmEmail)) }
        store.send(.activate) { $0.modal = Expected.form(filled, focus: .send) }

        store.send(.activate, starts: ["request"]) { $0.modal = Expected.form(filled, focus: .send, sending: true) }
        await store.receive(starts: ["save", "read", "confetti"]) {
            $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations())
        }

        let received = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(received.method == "POST")
        #expect(received.path == "/fakeAuth")
        #expect(received.headers["content-type"] == "application/json")
        #expect(received.bodyText == #"{"name":"Jane Doe","email":"jane@example.com"}"#)
        let json = try JSONSerialization.jsonObject(with: received.body) as? [String: String]
        #expect(json == ["name": "Jane Doe", "email": "jane@example.com"])

        store.send(.activate) { $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com") }
        store.send(.activate) { $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.alert(focus: .keep)) }
        store.send(.focusNext) { $0.modal = Expected.alert(focus: .cancelInvite) }
        store.send(.activate, starts: ["save"])
        await store.receive(starts: ["read", "confetti"]) { $0 = Expected.notRegistered(focused: false, modal: Expected.cancelled()) }
        #expect(h.host.store.data(forKey: LiveRegistrationClient.key) == nil)
        store.send(.dismiss) { $0 = Expected.notRegistered() }
        // Cancelling is local: the backend heard only the one request.
        #expect(server.requests.count == 1)
        // The form starts empty again after a successful request.
        store.send(.activate) { $0 = Expected.notRegistered(focused: false, modal: Expected.form()) }
        await store.finish()
    }

    @Test("200 with the JSON string \"Registered\" also registers; surrounding whitespace is not sent")
    func jsonStringReply() async throws {
        let server = try LoopbackHTTPServer { _ in .json("\"Registered\"") }
        let store = try Harness(url: server.url("fakeAuth")).store()
        let values = ["  Ann Lee ", " ann@example.org", "ann@example.org "]
        store.fillForm(name: values[0], email: values[1], confirmation: values[2])
        store.send(.activate, starts: ["request"]) { $0.modal = Expected.form(values, focus: .send, sending: true) }
        await store.receive(starts: ["save", "read", "confetti"]) {
            $0 = Expected.registered(name: "Ann Lee", email: "ann@example.org", modal: Expected.congratulations())
        }
        #expect(server.requests.map(\.bodyText) == [#"{"name":"Ann Lee","email":"ann@example.org"}"#])
        store.send(.dismiss) { $0 = Expected.registered(name: "Ann Lee", email: "ann@example.org") }
        await store.finish()
    }

    @Test("400 for usedemail@blinq.app shows the server's message as it is; values stay; Send retries")
    func usedEmail() async throws {
        let server = try LoopbackHTTPServer(handler: Harness.fakeAuth)
        let h = try Harness(url: server.url("fakeAuth"))
        h.fillForm(name: "Used Person", email: "usedemail@blinq.app", confirmation: "usedemail@blinq.app")
        h.send(.activate)
        await h.settle()
        let values = ["Used Person", "usedemail@blinq.app", "usedemail@blinq.app"]
        let rejected = Expected.form(values, focus: .send, status: Expected.error("This email address is already in use"))
        #expect(h.state == Expected.notRegistered(focused: false, modal: rejected))

        // Send again: the same answer, a second request.
        h.send(.activate)
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(values, focus: .send, sending: true)))
        await h.settle()
        #expect(h.state == Expected.notRegistered(focused: false, modal: rejected))
        #expect(server.requests.count == 2)

        // Fix the email and retry: registered.
        h.send(.focusPrevious, .focusPrevious)
        for _ in 0..<"usedemail@blinq.app".count { h.send(.deleteBackward) }
        h.send(.insert("me@blinq.app"), .focusNext)
        for _ in 0..<"usedemail@blinq.app".count { h.send(.deleteBackward) }
        h.send(.insert("me@blinq.app"), .focusNext, .activate)
        await h.settle()
        #expect(h.state == Expected.registered(name: "Used Person", email: "me@blinq.app", modal: Expected.congratulations()))
        #expect(server.requests.count == 3)
    }

    @Test("500, then Send retries with the same values and succeeds")
    func serverErrorThenRetry() async throws {
        let server = try LoopbackHTTPServer()
        server.respond(withSequence: [.text("Internal error", status: 500), .text("Registered")])
        let store = try Harness(url: server.url("fakeAuth")).store()
        store.fillForm(name: "Jane Doe", email: "jane@example.com", confirmation: "jane@example.com")
        let values = ["Jane Doe", "jane@example.com", "jane@example.com"]
        store.send(.activate, starts: ["request"]) { $0.modal = Expected.form(values, focus: .send, sending: true) }
        await store.receive {
            $0.modal = Expected.form(
                values, focus: .send,
                status: Expected.error("The invitation server had a problem (HTTP 500). Please press Send to try again in a moment."))
        }
        store.send(.activate, starts: ["request"]) { $0.modal = Expected.form(values, focus: .send, sending: true) }
        await store.receive(starts: ["save", "read", "confetti"]) {
            $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations())
        }
        #expect(server.requests.map(\.bodyText) == Array(repeating: #"{"name":"Jane Doe","email":"jane@example.com"}"#, count: 2))
        store.send(.dismiss) { $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com") }
        await store.finish()
    }

    @Test("A 400 with a garbage body says the server gave no reason")
    func garbageBody() async throws {
        let server = try LoopbackHTTPServer { _ in .text("<html>Bad Request</html>", status: 400) }
        let h = try Harness(url: server.url("fakeAuth"))
        try await expectFailure(
            h,
            "The invitation server turned the request down (HTTP 400) without saying why. Check your details and press Send to try again.")
    }

    @Test("A reply slower than the source's timeout fails with the timeout's message")
    func timeout() async throws {
        let server = try LoopbackHTTPServer { _ in .text("Registered", delay: 3) }
        let h = try Harness(url: server.url("fakeAuth"), timeout: 0.5)
        try await expectFailure(
            h, "The invitation server did not answer within 0.5 s. Check your internet connection and press Send to try again.")
    }

    @Test("A refused connection says the server could not be reached")
    func refused() async throws {
        let port = try LoopbackHTTPServer.refusedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/fakeAuth"))
        let h = try Harness(url: url)
        try await expectFailure(
            h,
            "Could not reach the invitation server (127.0.0.1:\(port)): the connection was refused. Check your internet connection and press Send to try again."
        )
    }

    private func expectFailure(_ h: Harness, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let store = h.store(sourceLocation: sourceLocation)
        store.fillForm(name: "Jane Doe", email: "jane@example.com", confirmation: "jane@example.com", sourceLocation: sourceLocation)
        let values = ["Jane Doe", "jane@example.com", "jane@example.com"]
        store.send(.activate, starts: ["request"], sourceLocation: sourceLocation) {
            $0.modal = Expected.form(values, focus: .send, sending: true)
        }
        await store.receive(sourceLocation: sourceLocation) {
            $0.modal = Expected.form(values, focus: .send, status: Expected.error(message))
        }
        #expect(h.host.store.data(forKey: LiveRegistrationClient.key) == nil, sourceLocation: sourceLocation)
        await store.finish(sourceLocation: sourceLocation)
    }

    @Test("Invalid input: no request, errors under each field, focus on the first bad one, then live updates")
    func invalidInput() async throws {
        let server = try LoopbackHTTPServer(handler: Harness.fakeAuth)
        let h = try Harness(url: server.url("fakeAuth"))
        h.send(.activate, .insert("Jo"), .focusNext, .focusNext, .focusNext)
        // No errors before the first Send.
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["Jo", "", ""], focus: .send)))
        h.send(.activate)
        await h.settle()
        #expect(server.requests.isEmpty)
        #expect(
            h.state
                == Expected.notRegistered(
                    focused: false,
                    modal: Expected.form(
                        ["Jo", "", ""], focus: .field(.fullName),
                        errors: [
                            .fullName: "Your full name needs at least 3 characters.", .email: "Enter your email address.",
                            .confirmEmail: "Enter your email address again to confirm it.",
                        ])))
        // Errors follow the typing from now on.
        h.send(.insert("e"), .focusNext, .insert("jo@example"))
        #expect(
            h.state
                == Expected.notRegistered(
                    focused: false,
                    modal: Expected.form(
                        ["Joe", "jo@example", ""], focus: .field(.email),
                        errors: [
                            .email: "Enter a valid email address, like name@example.com.",
                            .confirmEmail: "Enter your email address again to confirm it.",
                        ])))
        h.send(.insert(".com"), .focusNext, .insert("jo@example.co"))
        #expect(
            h.state
                == Expected.notRegistered(
                    focused: false,
                    modal: Expected.form(
                        ["Joe", "jo@example.com", "jo@example.co"], focus: .field(.confirmEmail),
                        errors: [.confirmEmail: "This does not match the email above."])))
        // Send with only the confirmation wrong: focus goes to it, still no request.
        h.send(.focusNext, .activate)
        await h.settle()
        #expect(server.requests.isEmpty)
        #expect(
            h.state
                == Expected.notRegistered(
                    focused: false,
                    modal: Expected.form(
                        ["Joe", "jo@example.com", "jo@example.co"], focus: .field(.confirmEmail),
                        errors: [.confirmEmail: "This does not match the email above."])))
        h.send(.insert("m"))
        #expect(
            h.state
                == Expected.notRegistered(
                    focused: false, modal: Expected.form(["Joe", "jo@example.com", "jo@example.com"], focus: .field(.confirmEmail))))
    }

    @Test("While sending: Send, editing and Esc do nothing, and only one request goes out")
    func noDoubleSubmission() async throws {
        let gate = BlockingGate()
        let server = try LoopbackHTTPServer { _ in LoopbackHTTPServer.Reply.text("Registered").held(by: gate) }
        let store = try Harness(url: server.url("fakeAuth")).store()
        store.fillForm(name: "Jane Doe", email: "jane@example.com", confirmation: "jane@example.com")
        store.send(.activate, starts: ["request"]) {
            $0.modal = Expected.form(["Jane Doe", "jane@example.com", "jane@example.com"], focus: .send, sending: true)
        }
        let values = ["Jane Doe", "jane@example.com", "jane@example.com"]
        store.send(.activate)
        store.send(.activate)
        store.send(.dismiss)
        // Focus may move meanwhile; the text may not change.
        store.send(.focusPrevious) { $0.modal = Expected.form(values, focus: .field(.confirmEmail), sending: true) }
        store.send(.insert("x"))
        store.send(.deleteBackward)
        store.send(.focusNext) { $0.modal = Expected.form(values, focus: .send, sending: true) }
        store.send(.activate)
        gate.open()
        await store.receive(starts: ["save", "read", "confetti"]) {
            $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations())
        }
        #expect(server.requests.count == 1)
        store.send(.dismiss) { $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com") }
        await store.finish()
    }

    @Test("Esc closes the form, keeps what was typed, and forgets errors until the next Send")
    func closeAndReopen() async throws {
        let store = try Harness(source: SourceConfiguration(kind: .inMemory)).store()
        store.send(.activate) { $0 = Expected.notRegistered(focused: false, modal: Expected.form()) }
        store.send(.insert("Jo")) { $0.modal = Expected.form(["Jo", "", ""]) }
        store.send(.focusNext) { $0.modal = Expected.form(["Jo", "", ""], focus: .field(.email)) }
        store.send(.focusNext) { $0.modal = Expected.form(["Jo", "", ""], focus: .field(.confirmEmail)) }
        store.send(.focusNext) { $0.modal = Expected.form(["Jo", "", ""], focus: .send) }
        store.send(.activate) {
            $0.modal = Expected.form(
                ["Jo", "", ""], focus: .field(.fullName),
                errors: [
                    .fullName: "Your full name needs at least 3 characters.", .email: "Enter your email address.",
                    .confirmEmail: "Enter your email address again to confirm it.",
                ])
        }
        store.send(.dismiss) { $0 = Expected.notRegistered() }
        store.send(.activate) { $0 = Expected.notRegistered(focused: false, modal: Expected.form(["Jo", "", ""])) }
        // Esc on the page is not the feature's: the shell goes back.
        store.send(.dismiss) { $0 = Expected.notRegistered() }
        store.send(.dismiss)
        await store.finish()
    }

    @Test("Text editing in a field: ←, →, Home, End, Delete, Backspace")
    func fieldEditing() throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        h.send(.activate, .insert("Jne Do"), .moveCursor(.start), .moveCursor(.right), .insert("a"))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["Jane Do"], cursors: [.fullName: 2])))
        h.send(.moveCursor(.end), .insert("e"), .moveCursor(.left), .moveCursor(.left), .deleteForward, .deleteBackward)
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["Jane e"], cursors: [.fullName: 5])))
    }
}

extension Expected {
    static func form(
        _ texts: [String], cursors: [InvitationField: Int]
    ) -> ViewState.Modal {
        form(texts + Array(repeating: "", count: 3 - texts.count), focus: .field(.fullName), cursors: cursors)
    }
}
