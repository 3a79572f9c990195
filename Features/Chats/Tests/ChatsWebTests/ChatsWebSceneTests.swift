import ChatsFeature
import ChatsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUI
import WebUITesting

@testable import ChatsWeb

@MainActor
@Suite("Web scene: screens")
struct ChatsWebSceneTests {
    let golden = GoldenFile.directory()

    @Test("the feature makes the chats web scene and ships its stylesheet and logo")
    func makesTheScene() throws {
        #expect(ChatsFeature.webAssets.files.map(\.name) == ["chats.css", "logo.svg"])
        #expect(ChatsFeature.webAssets.stylesheets.map(\.name) == ["chats.css"])
        #expect(ChatsFeature.webAssets.file(named: "logo.svg")?.contentType == "image/svg+xml")
        for file in ChatsFeature.webAssets.files {
            guard case .success(let bytes) = file.contents else {
                Issue.record("\(file.name) is not in the bundle")
                continue
            }
            #expect(bytes.count > 300, "\(file.name)")
        }
        _ = try Harness()
    }

    @Test("before the page is shown, and for 0.5 s after: the logo alone, nothing started")
    func launch() async throws {
        let h = try Harness()
        #expect(h.state.screen == .launch)
        try GoldenFile.check(h.scene.goldenText(), named: "launch.html", in: golden)
        let before = h.scene.html()
        #expect(before.contains(#"<img alt="Chats logo" class="chats-logo""#))
        #expect(before.contains("chats-screen-launch"))
        #expect(before.contains(#"data-fh-vars="--chats-frame:100ms;--chats-handover:300ms""#))
        #expect(!before.contains("data-keys"))
        h.appear()
        await h.host.advance(seconds: 0.4)
        #expect(h.state.screen == .launch)
        #expect(h.scene.html() == before)
    }

    @Test("the loading screen: six frames, `Loading`; every sample of the loop renders the same bytes")
    func loading() async throws {
        let h = try Harness()
        h.appear()
        await h.host.advance(seconds: 0.525)
        #expect(h.state.screen == .loading)
        let first = h.scene.html()
        try GoldenFile.check(h.scene.goldenText(), named: "loading.html", in: golden)
        #expect(h.count("<svg ") == 6)
        #expect(h.count("chats-dot-head") == 6)
        #expect(first.contains(">Loading</p>"))
        // The presenter publishes 40 samples a second; the page's dissolve is CSS, so nothing changes.
        let changes = h.presenter.changeCount
        await h.host.advance(seconds: 0.025)
        #expect(h.presenter.changeCount > changes)
        #expect(h.scene.html() == first)
        await h.host.advance(seconds: 1.2)
        #expect(h.scene.html() == first)
    }

    @Test("the hand-over: the list layer grows behind the loading layer, which leaves; then the list alone")
    func transition() async throws {
        let h = try Harness()
        h.appear()
        await h.host.advance(seconds: 2.65)
        #expect(h.state.screen == .transition)
        try GoldenFile.check(h.scene.goldenText(), named: "transition.html", in: golden)
        let html = h.scene.html()
        #expect(html.contains(#"class="chats-list-layer chats-entering""#))
        #expect(html.contains(#"class="chats-loading-layer chats-leaving""#))
        await h.host.advance(seconds: 0.1)
        #expect(h.scene.html() == html)
        await h.host.advance(seconds: 0.1)
        #expect(h.state.screen == .list)
        let list = h.scene.html()
        #expect(!list.contains("chats-entering"))
        #expect(list.contains(#"<div class="chats-loading-layer" hidden id="chats-loading-layer"></div>"#))
        #expect(list.contains(#"data-keys="ArrowDown ArrowUp PageDown PageUp Home End r""#))
    }

    @Test("the list: every row with avatar circle, name, date, whole message and badge; newest first")
    func list() async throws {
        let h = try Harness()
        await h.showList()
        try GoldenFile.check(h.scene.goldenText(), named: "list.html", in: golden)
        let rows = try #require(h.state.list.rows)
        #expect(h.count(#"<li class="chats-row"#) == rows.count)
        #expect(h.count(#"class="chats-avatar chats-avatar-placeholder""#) == rows.count)
        #expect(h.scene.html().contains(#"<h1 class="chats-title" id="chats-title">Chats</h1>"#))
        // Nothing is current before the user chooses a row; a screen reader would announce the first as chosen.
        #expect(h.count("aria-current") == 0)
        #expect(h.send(.key("ArrowDown")) == .handled)
        #expect(h.count("aria-current") == 1)
        #expect(h.scene.html().contains(#"<button aria-current="true" class="chats-row-button" data-action="select-1""#))
        for index in rows.indices {
            let row = rows[index]
            #expect(h.scene.html().contains(">\(HTML.text(row.message).render())<"), "row \(index)'s message is whole")
        }
        #expect(h.scene.html().contains(#"<span aria-label="99+ unread messages" class="chats-badge">99+</span>"#))
        #expect(h.scene.html().contains(#"<span aria-label="1 unread message" class="chats-badge">1</span>"#))
        #expect(!h.scene.html().contains("chats-pager"))
    }

    @Test("German: title, summary, dates and plurals in the session's language")
    func german() async throws {
        let h = try Harness(locale: "de_DE")
        await h.showList()
        try GoldenFile.check(h.scene.goldenText(), named: "list-de.html", in: golden)
        #expect(h.scene.html().contains("Gestern"))
        #expect(h.scene.html().contains("ungelesene Nachrichten"))
        #expect(h.scene.html().contains(#"alt="Chats-Logo""#) == false, "the logo is gone with the loading layer")
    }

    @Test("an empty source: the empty message and a refresh")
    func empty() async throws {
        let h = try Harness(source: Fixtures.source([]))
        await h.showList()
        try GoldenFile.check(h.scene.goldenText(), named: "empty.html", in: golden)
        #expect(h.scene.html().contains(">No chats yet<"))
        #expect(h.scene.html().contains(#"data-keys="r""#))
    }

    @Test("a failed load: the error with the source's message and a Try Again button that retries")
    func failed() async throws {
        let h = try Harness(source: WebFixtures.failing)
        await h.showList()
        try GoldenFile.check(h.scene.goldenText(), named: "error.html", in: golden)
        #expect(h.scene.html().contains(#"role="alert""#))
        #expect(h.scene.html().contains(#"data-action="retry""#))
        #expect(h.send(.click("retry")) == .handled)
        #expect(h.send(.click("retry")) == .ignored, "not while it loads")
        await h.host.advance(seconds: 0.1)
        #expect(h.scene.html().contains(#"data-action="retry""#))
    }

    @Test("the settings reach the stylesheet: frameDuration 0.15 s and transitionDuration 0.5 s")
    func settingsReachTheStylesheet() throws {
        let h = try Harness(settings: ["frameDuration": .number(0.15), "transitionDuration": .number(0.5)])
        #expect(h.scene.html().contains(#"data-fh-vars="--chats-frame:150ms;--chats-handover:500ms""#))
    }

    @Test("a loaded avatar is the cached picture at /images/<key>; otherwise the same-size grey circle")
    func avatars() {
        let loaded = ChatRowMarkup.avatar(.loaded(ImageReference(key: "0123abcd", contentType: "image/png", byteCount: 12))).render()
        #expect(loaded == #"<img alt="" class="chats-avatar" height="48" src="/images/0123abcd" width="48">"#)
        #expect(
            ChatRowMarkup.avatar(.loading).render() == #"<span class="chats-avatar chats-avatar-placeholder" data-image="loading"></span>"#)
        #expect(ChatRowMarkup.avatar(.failed("404")).render().contains(#"data-image="failed""#))
        #expect(ChatRowMarkup.avatar(nil).render().contains(#"data-image="none""#))
    }

    @Test("the stylesheet: the #C8C8C8 circle, the loader's dissolve and both hand-over animations")
    func stylesheet() throws {
        guard case .success(let bytes)? = ChatsFeature.webAssets.file(named: "chats.css")?.contents else {
            Issue.record("chats.css missing")
            return
        }
        let css = String(decoding: bytes, as: UTF8.self)
        for needle in [
            "--chats-placeholder: #c8c8c8", "@keyframes chats-loader-frame", "@keyframes chats-leave", "@keyframes chats-enter",
            "scale(1.2)", "scale(0.7)", "prefers-color-scheme: dark", "prefers-reduced-motion", ":focus-visible",
        ] {
            #expect(css.contains(needle), "\(needle)")
        }
    }
}
