import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFeature
import Testing
import WebUI
import WebUITesting

@testable import InvitationsWeb

/// Page events → presenter actions: what each control does, and that nothing out of place does anything.
@MainActor
@Suite("Web events")
struct InvitationsWebEventTests {
    @Test("each input event sets its field's text; an unchanged value publishes nothing")
    func inputSetsText() throws {
        let h = try Harness()
        h.send(.click("activate"))
        #expect(h.send(.input("fullName", "J"), .input("fullName", "Ja")) == [.handled, .handled])
        h.renders.renderIfStale()  // the page renders what the typing changed
        #expect(h.send(.input("fullName", "Ja")) == [.handled])
        #expect(!h.renders.needsRender, "nothing changed: no render, no patch")
        h.send(.input("email", "ja@x.io"), .input("confirmEmail", "ja@x.io"))
        guard case .requestForm(let form) = h.state.modal else {
            Issue.record("the form is not open")
            return
        }
        #expect(form.fields.map(\.text) == ["Ja", "ja@x.io", "ja@x.io"])
        #expect(form.fields.allSatisfy { $0.error == nil }, "no message before Send is pressed")
        #expect(h.send(.input("nickname", "x")) == [.ignored])
    }

    @Test("while a field is edited its value attribute holds; leaving it (change) commits the presenter's text")
    func editsAreHeldUntilCommitted() throws {
        let h = try Harness()
        h.send(.click("activate"), .input("email", "a"), .input("email", "ab"), .input("email", "ab@"))
        #expect(h.scene.html().contains(#"name="email" placeholder="name@example.com" type="email" value="""#))
        guard case .requestForm(let form) = h.state.modal else {
            Issue.record("the form is not open")
            return
        }
        #expect(form.fields[1].text == "ab@", "the presenter has every keystroke")
        #expect(h.send(PageEvent(kind: .change, action: "email", value: "ab@")) == [.handled])
        #expect(h.scene.html().contains(#"type="email" value="ab@""#))
        // A new edit holds the committed text; a submit commits every field.
        h.send(.input("email", "ab@c"))
        #expect(h.scene.html().contains(#"type="email" value="ab@""#))
        h.send(.submit("send", ["fullName": "", "email": "ab@cd", "confirmEmail": ""]))
        #expect(h.scene.html().contains(#"type="email" value="ab@cd""#))
        // aria-invalid is held too: the message under the field follows each keystroke, the input does not.
        #expect(h.scene.html().contains(#"<input aria-describedby="inv-email-error" aria-invalid="true""#))
        h.send(.input("email", "ab@cd.io"))
        #expect(h.scene.html().contains(#"<input aria-describedby="inv-email-error" aria-invalid="true""#))
        #expect(h.scene.html().contains(#"<p class="inv-error" id="inv-email-error"></p>"#))
        h.send(PageEvent(kind: .change, action: "email", value: "ab@cd.io"))
        #expect(h.scene.html().contains(#"<input aria-describedby="inv-email-error" aria-invalid="false""#))
    }

    @Test("submit takes the submitted values even without input events (autofill), then presses Send")
    func submitUsesFields() async throws {
        let h = try Harness()
        h.send(.click("activate"), .submit("send", ["fullName": "Ann Lee", "email": "ann@x.io", "confirmEmail": "ann@x.io"]))
        await h.settle()
        guard case .celebration(let celebration) = h.state.modal else {
            Issue.record("expected the congratulations, got \(String(describing: h.state.modal))")
            return
        }
        #expect(celebration.kind == .registered)
        #expect(h.state.page.text.contains("ann@x.io"))
    }

    @Test("a mismatched confirmation is refused inline, and the message follows later edits")
    func validationFollowsEdits() throws {
        let h = try Harness()
        h.send(.click("activate"), .submit("send", ["fullName": "Ann Lee", "email": "ann@x.io", "confirmEmail": "ann@y.io"]))
        #expect(h.scene.html().contains(#"id="inv-confirmEmail""#) && h.scene.html().contains("inv-invalid"))
        h.send(.input("confirmEmail", "ann@x.io"))
        #expect(!h.scene.html().contains("inv-invalid"))
    }

    @Test("events that do not belong to what is open are ignored")
    func outOfPlace() throws {
        let h = try Harness()
        #expect(
            h.send(
                .input("fullName", "x"), .submit("send", [:]), .click("keep"), .click("confirm-cancel"), .click("dismiss"),
                .key("Escape"), .click("nonsense"), PageEvent(kind: .change, action: "fullName", value: "x")
            )
            .allSatisfy { $0 == .ignored })
        #expect(h.state.modal == nil)
        h.send(.click("activate"))
        // The page's button behind the form, the alert's choices and Enter (the form's submit says it) do nothing.
        #expect(h.send(.click("activate"), .click("keep"), .key("Enter"), .submit("dismiss", [:])).allSatisfy { $0 == .ignored })
        #expect(h.send(.click("dismiss")) == [.handled])
        #expect(h.state.modal == nil)
    }

    @Test("the backdrop and ✕ close the form; a celebration closes by OK, Enter, Escape or the backdrop")
    func dismissals() async throws {
        let h = try Harness()
        for event in [PageEvent.click("dismiss"), .key("Escape")] {
            h.send(.click("activate"))
            #expect(h.send(event) == [.handled])
            #expect(h.state.modal == nil)
        }
        for event in [PageEvent.submit("dismiss", [:]), .key("Enter"), .key("Escape"), .click("dismiss")] {
            try h.host.store.set(nil, forKey: "registration")
            let fresh = try Harness(host: h.host)
            fresh.send(.click("activate"), .submit("send", ["fullName": "Ann Lee", "email": "ann@x.io", "confirmEmail": "ann@x.io"]))
            await fresh.settle()
            #expect(fresh.state.isCelebrating)
            #expect(fresh.send(event) == [.handled])
            #expect(fresh.state.modal == nil)
        }
    }

    @Test("the alert's backdrop does not answer it")
    func alertBackdrop() throws {
        let host = try TestHost()
        try host.store.set(Data(#"{"email":"a@b.co","name":"Ann"}"#.utf8), forKey: "registration")
        let h = try Harness(host: host)
        h.send(.click("activate"))
        #expect(!h.scene.html().contains(#"<div class="inv-backdrop" data-action"#))
        #expect(h.send(.key("Enter")) == [.ignored])
        guard case .cancelAlert = h.state.modal else {
            Issue.record("the alert closed")
            return
        }
    }
}
