import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import InvitationsFeature

/// `setText(field:_:)` and `focus(_:)`: what a surface sends when its controls own their text and focus.
@Suite("Binding-style actions: setText and focus")
@MainActor
struct BindingActionTests {
    @Test("setText replaces a field's whole text, puts the cursor at its end and leaves focus where it is")
    func setTextReplaces() throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        h.send(.activate, .setText(field: .email, "jane@example.com"))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["", "jane@example.com", ""])))
        // Typed text with the cursor moved back: setText replaces all of it, and the cursor goes to the end.
        h.send(.insert("Jne"), .moveCursor(.start), .setText(field: .fullName, "Jane Doe"))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["Jane Doe", "jane@example.com", ""])))
        h.send(.setText(field: .email, ""))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["Jane Doe", "", ""])))
        // Typing goes on at the end of the new text.
        h.send(.insert("!"))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["Jane Doe!", "", ""])))
    }

    @Test("setText is cleaned and capped like typed text")
    func setTextSanitised() throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        h.send(
            .activate, .setText(field: .fullName, "Jane\tDoe\u{7}\r\n"),
            .setText(field: .confirmEmail, String(repeating: "a", count: 300)))
        let capped = String(repeating: "a", count: TextFieldValue.maximumLength)
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["Jane Doe ", "", capped])))

        // The same text typed gives the same state.
        let typed = try Harness(source: SourceConfiguration(kind: .inMemory))
        typed.send(
            .activate, .insert("Jane\tDoe\u{7}\r\n"), .focusNext, .focusNext, .insert(String(repeating: "a", count: 300)),
            .focusPrevious, .focusPrevious)
        #expect(typed.state == h.state)
    }

    @Test("setText does nothing while the form is closed, and nothing while it is sending")
    func setTextLocked() async throws {
        let gate = BlockingGate()
        let server = try LoopbackHTTPServer { _ in LoopbackHTTPServer.Reply.text("Registered").held(by: gate) }
        let h = try Harness(url: server.url("fakeAuth"))
        h.send(.setText(field: .fullName, "Jane Doe"))
        #expect(h.state == Expected.notRegistered())
        h.send(.activate)
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form()))

        h.send(
            .setText(field: .fullName, "Jane Doe"), .setText(field: .email, "jane@example.com"),
            .setText(field: .confirmEmail, "jane@example.com"), .focus(.send), .activate)
        let values = ["Jane Doe", "jane@example.com", "jane@example.com"]
        let sending = Expected.notRegistered(focused: false, modal: Expected.form(values, focus: .send, sending: true))
        #expect(h.state == sending)
        h.send(.setText(field: .fullName, "Someone Else"), .setText(field: .email, ""), .setText(field: .confirmEmail, "x"))
        #expect(h.state == sending)

        gate.open()
        await h.settle()
        #expect(server.requests.map(\.bodyText) == [#"{"name":"Jane Doe","email":"jane@example.com"}"#])
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations()))
        // With a celebration, the registered page or the alert on screen there is no form to set.
        h.send(.setText(field: .fullName, "X"))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations()))
        h.send(.dismiss, .setText(field: .fullName, "X"))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com"))
    }

    @Test("Validation with setText: no errors before Send, then errors follow every change, as with typing")
    func setTextValidation() async throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        h.send(.activate, .setText(field: .fullName, "Jo"), .setText(field: .email, "jo@example"))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["Jo", "jo@example", ""])))

        h.send(.focus(.send), .activate)
        #expect(
            h.state
                == Expected.notRegistered(
                    focused: false,
                    modal: Expected.form(
                        ["Jo", "jo@example", ""], focus: .field(.fullName),
                        errors: [
                            .fullName: "Your full name needs at least 3 characters.",
                            .email: "Enter a valid email address, like name@example.com.",
                            .confirmEmail: "Enter your email address again to confirm it.",
                        ])))

        h.send(.setText(field: .fullName, "Joe"), .setText(field: .confirmEmail, "jo@example.com"))
        #expect(
            h.state
                == Expected.notRegistered(
                    focused: false,
                    modal: Expected.form(
                        ["Joe", "jo@example", "jo@example.com"], focus: .field(.fullName),
                        errors: [
                            .email: "Enter a valid email address, like name@example.com.",
                            .confirmEmail: "This does not match the email above.",
                        ])))

        h.send(.setText(field: .email, "jo@example.com"))
        #expect(
            h.state
                == Expected.notRegistered(
                    focused: false, modal: Expected.form(["Joe", "jo@example.com", "jo@example.com"], focus: .field(.fullName))))

        // Clearing a field brings its error back at once.
        h.send(.setText(field: .fullName, ""))
        #expect(
            h.state
                == Expected.notRegistered(
                    focused: false,
                    modal: Expected.form(
                        ["", "jo@example.com", "jo@example.com"], focus: .field(.fullName), errors: [.fullName: "Enter your full name."])))

        h.send(.setText(field: .fullName, "Joe"), .focus(.send), .activate)
        await h.settle()
        #expect(h.state == Expected.registered(name: "Joe", email: "jo@example.com", modal: Expected.congratulations()))
    }

    @Test("focus moves straight to a field or Send of the open form; elsewhere it is ignored")
    func focusInForm() throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        h.send(.focus(.send), .focus(.field(.email)), .focus(.alert(.cancelInvite)))
        #expect(h.state == Expected.notRegistered())

        h.send(.activate, .focus(.field(.confirmEmail)))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(focus: .field(.confirmEmail))))
        h.send(.insert("a@b.co"), .focus(.field(.fullName)))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["", "", "a@b.co"], focus: .field(.fullName))))
        h.send(.focus(.send))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["", "", "a@b.co"], focus: .send)))
        // An alert's choice is not on the form.
        h.send(.focus(.alert(.keep)))
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["", "", "a@b.co"], focus: .send)))
        // Focus on a field and activate: to the next control, as from the keyboard.
        h.send(.focus(.field(.email)), .activate)
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.form(["", "", "a@b.co"], focus: .field(.confirmEmail))))
    }

    @Test("focus picks a choice of the cancel alert; a form control is ignored there and in a celebration")
    func focusInAlert() async throws {
        let h = try Harness(source: SourceConfiguration(kind: .inMemory))
        h.fillForm(name: "Jane Doe", email: "jane@example.com", confirmation: "jane@example.com")
        h.send(.activate)
        await h.settle()
        let congratulations = Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.congratulations())
        #expect(h.state == congratulations)
        h.send(.focus(.send), .focus(.alert(.cancelInvite)))
        #expect(h.state == congratulations)

        h.send(.dismiss, .activate, .focus(.alert(.cancelInvite)))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.alert(focus: .cancelInvite)))
        h.send(.focus(.field(.email)), .focus(.send))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.alert(focus: .cancelInvite)))
        h.send(.focus(.alert(.keep)))
        #expect(h.state == Expected.registered(name: "Jane Doe", email: "jane@example.com", modal: Expected.alert(focus: .keep)))
        h.send(.focus(.alert(.cancelInvite)), .activate)
        await h.settle()
        #expect(h.state == Expected.notRegistered(focused: false, modal: Expected.cancelled()))
    }
}
