import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFeature
import Testing
import WebUI
import WebUITesting

@testable import InvitationsWeb

/// Golden HTML for each state the terminal reaches, reached here through page events only.
@MainActor
@Suite("Web scene")
struct InvitationsWebSceneTests {
    let golden = GoldenFile.directory()

    @Test("the feature makes the web scene and ships its stylesheet")
    func makesTheScene() throws {
        let h = try Harness()
        #expect(h.feature.makeWebScene() is InvitationsWebScene)
        #expect(InvitationsFeature.webAssets.stylesheets.map(\.name) == ["invitations.css"])
        guard case .success(let bytes) = InvitationsFeature.webAssets.file(named: "invitations.css")?.contents else {
            Issue.record("invitations.css is not in the bundle")
            return
        }
        let css = String(decoding: bytes, as: UTF8.self)
        #expect(css.contains("prefers-color-scheme: dark"))
        #expect(css.contains("prefers-reduced-motion: reduce"))
        #expect(css.contains("@keyframes inv-cannon") && css.contains("@keyframes inv-shower"))
    }

    @Test("not registered: brand, heading, text and the one button, which opens the form")
    func notRegistered() throws {
        let h = try Harness()
        try GoldenFile.check(h.scene.goldenText(), named: "not-registered.html", in: golden)
        let html = h.scene.html()
        #expect(html.contains(#"<h1 class="inv-title" id="inv-title">A better way to enjoy every day.</h1>"#))
        #expect(html.contains(#"data-action="activate""#))
        #expect(html.contains(#"<div class="inv-layer" hidden id="inv-layer"></div>"#))
        #expect(!html.contains("data-keys"))
    }

    @Test("the form: labels, autocomplete, no browser validation, Escape closes; the page's button leaves the tab order")
    func formEmpty() throws {
        let h = try Harness()
        h.send(.click("activate"))
        try GoldenFile.check(h.scene.goldenText(), named: "form-empty.html", in: golden)
        let html = h.scene.html()
        #expect(html.contains(#"<label class="inv-label" for="inv-fullName">Full name</label>"#))
        #expect(html.contains(#"autocomplete="name""#) && html.contains(#"autocomplete="email""#))
        #expect(html.contains("novalidate"))
        #expect(html.contains(#"data-keys="Escape""#))
        #expect(html.contains(#"id="inv-page-button" tabindex="-1""#))
    }

    @Test("Send with empty fields: a message under each, the backend not contacted")
    func formErrors() throws {
        let h = try Harness()
        h.send(.click("activate"), .submit("send", ["fullName": "", "email": "", "confirmEmail": ""]))
        try GoldenFile.check(h.scene.goldenText(), named: "form-errors.html", in: golden)
        #expect(h.scene.html().components(separatedBy: #"aria-invalid="true""#).count == 4)
        #expect(h.state.modal.map { if case .requestForm(let form) = $0 { form.isSending } else { true } } == false)
    }

    @Test("sending: fields readonly, Send aria-disabled, the status says so; then the server's 400 message as sent")
    func sendingThenRejected() async throws {
        let h = try Harness()
        h.send(.click("activate"))
        h.send(.submit("send", ["fullName": "Jane Doe", "email": "usedemail@blinq.app", "confirmEmail": "usedemail@blinq.app"]))
        try GoldenFile.check(h.scene.goldenText(), named: "form-sending.html", in: golden)
        #expect(h.scene.html().contains(">Sending, please wait...<"))
        // While sending, Escape, the backdrop, edits and a second submit do nothing.
        #expect(
            h.send(.key("Escape"), .click("dismiss"), .input("email", "x"), .submit("send", [:]))
                == [.ignored, .ignored, .ignored, .ignored])
        await h.settle()
        try GoldenFile.check(h.scene.goldenText(), named: "form-rejected.html", in: golden)
        #expect(
            h.scene.html().contains(
                #"<p class="inv-status inv-status-error" id="inv-status" role="status">This email address is already in use</p>"#))
    }

    @Test("retry by Send, then congratulations with the page's own confetti, then the registered page")
    func congratulationsAndRegistered() async throws {
        let h = try Harness()
        h.fill(name: "Jane Doe", email: "usedemail@blinq.app", confirmation: "usedemail@blinq.app")
        h.send(.submit("send", ["fullName": "Jane Doe", "email": "usedemail@blinq.app", "confirmEmail": "usedemail@blinq.app"]))
        await h.settle()
        h.send(.submit("send", ["fullName": "Jane Doe", "email": "jane@example.com", "confirmEmail": "jane@example.com"]))
        await h.settle()
        try GoldenFile.check(h.scene.goldenText(), named: "congratulations.html", in: golden)
        let html = h.scene.html()
        #expect(html.components(separatedBy: "inv-piece").count == ConfettiMarkup.pieceCount + 1)
        #expect(html.contains(#"data-keys="Escape Enter""#))
        // The burst's frames change the presenter's state, not the page: every render gives the same bytes.
        await h.host.advance(by: .seconds(1))
        #expect(h.scene.html() == html)
        h.send(.submit("dismiss", [:]))
        try GoldenFile.check(h.scene.goldenText(), named: "registered.html", in: golden)
        #expect(h.scene.html().contains(">Thanks, Jane Doe. Your invitation will be emailed to jane@example.com when we launch.<"))
    }

    @Test("registered → the warning alert; keep; cancel → the cancelled view; OK → the first page")
    func alertAndCancelled() async throws {
        let host = try TestHost()
        try host.store.set(Data(#"{"email":"jane@example.com","name":"Jane Doe"}"#.utf8), forKey: "registration")
        let h = try Harness(host: host)
        #expect(h.state.page.kind == .registered, "recalled from the store on load")
        h.send(.click("activate"))
        try GoldenFile.check(h.scene.goldenText(), named: "alert.html", in: golden)
        #expect(h.scene.html().contains(#"role="alertdialog""#))
        h.send(.click("keep"))
        #expect(h.state.modal == nil && h.state.page.kind == .registered)
        h.send(.click("activate"), .key("Escape"))
        #expect(h.state.modal == nil && h.state.page.kind == .registered)
        h.send(.click("activate"), .click("confirm-cancel"))
        await host.settle()
        try GoldenFile.check(h.scene.goldenText(), named: "cancelled.html", in: golden)
        #expect(host.store.data(forKey: "registration") == nil)
        h.send(.key("Enter"))
        #expect(h.state.modal == nil && h.state.page.kind == .notRegistered)
    }

    @Test("an unreadable saved invitation: the notice on the first page")
    func notice() throws {
        let host = try TestHost()
        try host.store.set(Data("not json".utf8), forKey: "registration")
        let h = try Harness(host: host)
        #expect(h.state.notice != nil)
        try GoldenFile.check(h.scene.goldenText(), named: "notice.html", in: golden)
        #expect(h.scene.html().contains(#"class="inv-notice" id="inv-notice" role="status""#))
    }

    @Test("typed text escapes: a name with markup is text, in the field and on the registered page")
    func escaping() async throws {
        let h = try Harness()
        let name = #"<b>"Al" & 'Bo'</b>"#
        h.fill(name: name, email: "a@b.co", confirmation: "a@b.co")
        #expect(!h.scene.html().contains("<b>"))
        #expect(h.scene.html().contains("&lt;b&gt;"))
        h.send(.submit("send", ["fullName": name, "email": "a@b.co", "confirmEmail": "a@b.co"]))
        await h.settle()
        h.send(.key("Escape"))
        #expect(!h.scene.html().contains("<b>"))
    }
}
