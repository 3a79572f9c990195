import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFixtures
import Testing

@testable import InvitationsFeature

/// `setText(field:_:)` and `focus(_:)`: what a surface sends when its controls own their text and focus.
@Suite("Binding-style actions: setText and focus")
@MainActor
struct BindingActionTests {
    /// The not-registered page under the form showing `modal`.
    private func form(_ modal: ViewState.Modal) -> ViewState { Expected.notRegistered(focused: false, modal: modal) }

    @Test("setText replaces a field's whole text, puts the cursor at its end and leaves focus where it is")
    func setTextReplaces() async throws {
        let store = try Harness(source: SourceConfiguration(kind: .inMemory)).store()
        store.send(.activate) { $0 = form(Expected.form()) }
        store.send(.setText(field: .email, "jane@example.com")) { $0.modal = Expected.form(["", "jane@example.com", ""]) }
        // Typed text with the cursor moved back: setText replaces all of it, and the cursor goes to the end.
        store.send(.insert("Jne")) { $0.modal = Expected.form(["Jne", "jane@example.com", ""]) }
        store.send(.moveCursor(.start)) { $0.modal = Expected.form(["Jne", "jane@example.com", ""], cursors: [.fullName: 0]) }
        store.send(.setText(field: .fullName, "Jane Doe")) { $0.modal = Expected.form(["Jane Doe", "jane@example.com", ""]) }
        store.send(.setText(field: .email, "")) { $0.modal = Expected.form(["Jane Doe", "", ""]) }
        // Typing goes on at the end of the new text.
        store.send(.insert("!")) { $0.modal = Expected.form(["Jane Doe!", "", ""]) }
        await store.finish()
    }

    @Test("setText is cleaned and capped like typed text")
    func setTextSanitised() async throws {
        let store = try Harness(source: SourceConfiguration(kind: .inMemory)).store()
        let capped = String(repeating: "a", count: TextFieldValue.maximumLength)
        store.send(.activate) { $0 = form(Expected.form()) }
        store.send(.setText(field: .fullName, "Jane\tDoe\u{7}\r\n")) { $0.modal = Expected.form(["Jane Doe ", "", ""]) }
        store.send(.setText(field: .confirmEmail, String(repeating: "a", count: 300))) {
            $0.modal = Expected.form(["Jane Doe ", "", capped])
        }

        // The same text typed gives the same state.
        let typed = try Harness(source: SourceConfiguration(kind: .inMemory))
        typed.send(
            .activate, .insert("Jane\tDoe\u{7}\r\n"), .focusNext, .focusNext, .insert(String(repeating: "a", count: 300)),
            .focusPrevious, .focusPrevious)
        #expect(typed.state == store.state)
        await store.finish()
    }

    @Test("setText does nothing while the form is closed, and nothing while it is sending")
    func setTextLocked() async throws {
        let gate = BlockingGate()
        let server = try LoopbackHTTPServer { _ in LoopbackHTTPServer.Reply.text("Registered").held(by: gate) }
        let store = try Harness(url: server.url("fakeAuth")).store()
        store.send(.setText(field: .fullName, "Jane Doe"))
        store.send(.activate) { $0 = form(Expected.form()) }

        let values = ["Jane Doe", "jane@example.com", "jane@example.com"]
        store.send(.setText(field: .fullName, "Jane Doe")) { $0.modal = Expected.form([values[0], "", ""]) }
        store.send(.setText(field: .email, "jane@example.com")) { $0.modal = Expected.form([values[0], values[1], ""]) }
        store.send(.setText(field: .confirmEmail, "jane@example.com")) { $0.modal = Expected.form(values) }
        store.send(.focus(.send)) { $0.modal = Expected.form(values, focus: .send) }
        store.send(.activate, starts: ["request"]) { $0.modal = Expected.form(values, focus: .send, sending: true) }
        store.send(.setText(field: .fullName, "Someone Else"))
        store.send(.setText(field: .email, ""))
        store.send(.setText(field: .confirmEmail, "x"))

        gate.open()
        await store.receive(starts: ["save", "read", "confetti"]) {
            $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations())
        }
        #expect(server.requests.map(\.bodyText) == [#"{"name":"Jane Doe","email":"jane@example.com"}"#])
        // With a celebration, the registered page or the alert on screen there is no form to set.
        store.send(.setText(field: .fullName, "X"))
        store.send(.dismiss) { $0 = Expected.registered(name: "Jane Doe", email: "jane@example.com") }
        store.send(.setText(field: .fullName, "X"))
        await store.finish()
    }

    @Test("Validation with setText: no errors before Send, then errors follow every change, as with typing")
    func setTextValidation() async throws {
        let store = try Harness(source: SourceConfiguration(kind: .inMemory)).store()
        store.send(.activate) { $0 = form(Expected.form()) }
        store.send(.setText(field: .fullName, "Jo")) { $0.modal = Expected.form(["Jo", "", ""]) }
        store.send(.setText(field: .email, "jo@example")) { $0.modal = Expected.form(["Jo", "jo@example", ""]) }

        store.send(.focus(.send)) { $0.modal = Expected.form(["Jo", "jo@example", ""], focus: .send) }
        store.send(.activate) {
            $0.modal = Expected.form(
                ["Jo", "jo@example", ""], focus: .field(.fullName),
                errors: [
                    .fullName: "Your full name needs at least 3 characters.",
                    .email: "Enter a valid email address, like name@example.com.",
                    .confirmEmail: "Enter your email address again to confirm it.",
                ])
        }
        store.send(.setText(field: .fullName, "Joe")) {
            $0.modal = Expected.form(
                ["Joe", "jo@example", ""], focus: .field(.fullName),
                errors: [
                    .email: "Enter a valid email address, like name@example.com.",
                    .confirmEmail: "Enter your email address again to confirm it.",
                ])
        }
        store.send(.setText(field: .confirmEmail, "jo@example.com")) {
            $0.modal = Expected.form(
                ["Joe", "jo@example", "jo@example.com"], focus: .field(.fullName),
                errors: [
                    .email: "Enter a valid email address, like name@example.com.",
                    .confirmEmail: "This does not match the email above.",
                ])
        }
        store.send(.setText(field: .email, "jo@example.com")) {
            $0.modal = Expected.form(["Joe", "jo@example.com", "jo@example.com"], focus: .field(.fullName))
        }
        // Clearing a field brings its error back at once.
        store.send(.setText(field: .fullName, "")) {
            $0.modal = Expected.form(
                ["", "jo@example.com", "jo@example.com"], focus: .field(.fullName), errors: [.fullName: "Enter your full name."])
        }
        store.send(.setText(field: .fullName, "Joe")) {
            $0.modal = Expected.form(["Joe", "jo@example.com", "jo@example.com"], focus: .field(.fullName))
        }
        store.send(.focus(.send)) { $0.modal = Expected.form(["Joe", "jo@example.com", "jo@example.com"], focus: .send) }
        store.send(.activate, starts: ["request"]) {
            $0.modal = Expected.form(["Joe", "jo@example.com", "jo@example.com"], focus: .send, sending: true)
        }
        await store.receive(starts: ["save", "read", "confetti"]) {
            $0 = Expected.registered(name: "Joe", email: "jo@example.com", modal: Expected.congratulations())
        }
        store.send(.dismiss) { $0 = Expected.registered(name: "Joe", email: "jo@example.com") }
        await store.finish()
    }

    @Test("focus moves straight to a field or Send of the open form; elsewhere it is ignored")
    func focusInForm() async throws {
        let store = try Harness(source: SourceConfiguration(kind: .inMemory)).store()
        store.send(.focus(.send))
        store.send(.focus(.field(.email)))
        store.send(.focus(.alert(.cancelInvite)))

        store.send(.activate) { $0 = form(Expected.form()) }
        store.send(.focus(.field(.confirmEmail))) { $0.modal = Expected.form(focus: .field(.confirmEmail)) }
        store.send(.insert("a@b.co")) { $0.modal = Expected.form(["", "", "a@b.co"], focus: .field(.confirmEmail)) }
        store.send(.focus(.field(.fullName))) { $0.modal = Expected.form(["", "", "a@b.co"], focus: .field(.fullName)) }
        store.send(.focus(.send)) { $0.modal = Expected.form(["", "", "a@b.co"], focus: .send) }
        // An alert's choice is not on the form.
        store.send(.focus(.alert(.keep)))
        // Focus on a field and activate: to the next control, as from the keyboard.
        store.send(.focus(.field(.email))) { $0.modal = Expected.form(["", "", "a@b.co"], focus: .field(.email)) }
        store.send(.activate) { $0.modal = Expected.form(["", "", "a@b.co"], focus: .field(.confirmEmail)) }
        await store.finish()
    }

    @Test("focus picks a choice of the cancel alert; a form control is ignored there and in a celebration")
    func focusInAlert() async throws {
        let store = try Harness(source: SourceConfiguration(kind: .inMemory)).store()
        await store.register(name: "Jane Doe", email: "jane@example.com")
        store.send(.focus(.send))
        store.send(.focus(.alert(.cancelInvite)))

        func registered(_ modal: ViewState.Modal? = nil) -> ViewState {
            Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: modal)
        }
        store.send(.dismiss) { $0 = registered() }
        store.send(.activate) { $0 = registered(Expected.alert()) }
        store.send(.focus(.alert(.cancelInvite))) { $0.modal = Expected.alert(focus: .cancelInvite) }
        store.send(.focus(.field(.email)))
        store.send(.focus(.send))
        store.send(.focus(.alert(.keep))) { $0.modal = Expected.alert(focus: .keep) }
        store.send(.focus(.alert(.cancelInvite))) { $0.modal = Expected.alert(focus: .cancelInvite) }
        store.send(.activate, starts: ["save"])
        await store.receive(starts: ["read", "confetti"]) { $0 = Expected.notRegistered(focused: false, modal: Expected.cancelled()) }
        store.send(.dismiss) { $0 = Expected.notRegistered() }
        await store.finish()
    }
}
