import FeatureHostCore
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import Testing
import WebUI
import WebUITesting

@testable import OfferCountdownWeb

@MainActor
@Suite("Web scene")
struct OfferCountdownWebSceneTests {
    let golden = GoldenFile.directory()

    @Test("the feature makes the offer's web scene, and ships its stylesheet and artwork")
    func makesTheScene() throws {
        let h = try Harness()
        #expect(h.feature.makeWebScene() is OfferCountdownWebScene)
        #expect(OfferCountdownFeature.webAssets.files.map(\.name) == ["offer-countdown.css", "artwork.svg"])
        #expect(OfferCountdownFeature.webAssets.stylesheets.map(\.name) == ["offer-countdown.css"])
        for file in OfferCountdownFeature.webAssets.files {
            guard case .success(let bytes) = file.contents else {
                Issue.record("\(file.name) is not in the bundle")
                continue
            }
            #expect(bytes.count > 500, "\(file.name)")
        }
        #expect(OfferCountdownFeature.webAssets.file(named: "artwork.svg")?.contentType == "image/svg+xml")
    }

    @Test("before the page is shown: 01:00:00:00, no digit rolling, every string of the design in order")
    func waiting() throws {
        let h = try Harness()
        let html = h.scene.html()
        try GoldenFile.check(h.scene.goldenText(), named: "waiting.html", in: golden)
        #expect(!html.contains("data-from"))
        var rest = Substring(html)
        for text in [
            "LAST-MINUTE CHANCE!", "to claim your offer", "90% OFF", "For true music fans", "Hundreds of songs in your pocket",
            "ACTIVATE OFFER", "Privacy", "Restore", "Terms",
        ] {
            guard let range = rest.range(of: ">\(text)<") else {
                Issue.record("\(text) missing or out of order")
                return
            }
            rest = rest[range.upperBound...]
        }
        let digits = ["d0-0", "d1-1", "d2-0", "d3-0", "d4-0", "d5-0", "d6-0", "d7-0"]
        #expect(digits.allSatisfy { html.contains("id=\"\($0)\"") })
    }

    @Test("one second in: the seven digits that changed roll from their old digits; the same bytes mid-roll and after")
    func rolling() async throws {
        let h = try Harness()
        h.appear()
        await h.host.advance(seconds: 1)
        #expect(h.state.countdown.isRolling)
        let atChange = h.scene.html()
        try GoldenFile.check(h.scene.goldenText(), named: "running-mid-roll.html", in: golden)
        await h.host.advance(seconds: 0.175)
        #expect(h.state.countdown.digits.contains { $0.roll?.progress == 0.5 })
        #expect(h.scene.html() == atChange)
        await h.host.advance(seconds: 0.175)
        #expect(!h.state.countdown.isRolling)
        try GoldenFile.check(h.scene.goldenText(), named: "running-after-roll.html", in: golden)
        #expect(h.scene.html() == atChange)
        // 01:00:00:00 → 00:23:59:59: the day's tens digit stays as it was, the others are new and roll.
        #expect(atChange.contains("<span id=\"d0-0\">0</span>"))
        #expect(atChange.contains("<span data-from=\"1\" id=\"d1-0\">0</span>"))
        #expect(atChange.contains("<span data-from=\"0\" id=\"d7-9\">9</span>"))
        #expect(atChange.contains("data-fh-vars=\"--roll:350ms\""))
    }
}

@MainActor
@Suite("Web scene: states")
struct OfferCountdownWebStateTests {
    let golden = GoldenFile.directory()

    @Test("the popup: activated at 3 s, drawn at 3.5 s; keys on the root, the button behind it out of reach")
    func popup() async throws {
        let h = try Harness()
        h.appear()
        await h.host.advance(seconds: 3)
        #expect(h.scene.handle(.click("activate")) == .handled)
        await h.host.advance(seconds: 0.5)
        try GoldenFile.check(h.scene.goldenText(), named: "popup.html", in: golden)
        let html = h.scene.html()
        #expect(html.contains("<p class=\"offer-popup-message\" id=\"offer-popup-message\">Offer activated at 23:59:57</p>"))
        #expect(html.contains("<h2 class=\"offer-great offer-shadow-pink\" id=\"offer-popup-title\">Great!</h2>"))
        #expect(html.contains("data-keys=\"Escape Enter\""))
        #expect(!html.contains("data-action=\"activate\""))
        #expect(html.contains("<div class=\"offer-backdrop\" data-action=\"dismiss\"></div>"))
        #expect(html.contains("role=\"dialog\""))
    }

    @Test("at zero without an activation: 00:00:00:00 and a grey, disabled button")
    func expired() async throws {
        let h = try Harness(settings: ["duration": .number(2)])
        h.appear()
        await h.host.advance(seconds: 3)
        try GoldenFile.check(h.scene.goldenText(), named: "expired.html", in: golden)
        let html = h.scene.html()
        #expect(html.contains("class=\"offer-activate offer-from-gray offer-to-gray\""))
        #expect(html.contains(" disabled "))
        #expect(h.scene.handle(.click("activate")) == .ignored)
        #expect(h.state.popup == nil)
    }

    @Test("rollDuration 0: digits change without rolling (no data-from) and --roll is 0ms")
    func rollOff() async throws {
        let h = try Harness(settings: ["rollDuration": .number(0)])
        h.appear()
        await h.host.advance(seconds: 1)
        try GoldenFile.check(h.scene.goldenText(), named: "roll-off.html", in: golden)
        let html = h.scene.html()
        #expect(!html.contains("data-from"))
        #expect(html.contains("data-fh-vars=\"--roll:0ms\""))
        #expect(html.contains("<span id=\"d7-9\">9</span>"))
    }

    @Test("taller than wide is the stylesheet's: the portrait message is always in the page, in the terminal's words")
    func portraitMessage() throws {
        let html = try Harness().scene.html()
        #expect(html.contains("<p class=\"offer-portrait-title\">This offer is shown in landscape only.</p>"))
    }
}

@MainActor
@Suite("Web scene: events")
struct OfferCountdownWebEventTests {
    @Test("a click on activate opens the popup; on dismiss closes it")
    func clicks() async throws {
        let h = try Harness()
        h.appear()
        await h.host.advance(seconds: 2)
        #expect(h.scene.handle(.click("activate")) == .handled)
        #expect(h.state.popup?.message == "Offer activated at 23:59:58")
        #expect(h.scene.handle(.click("dismiss")) == .handled)
        #expect(h.state.popup == nil)
        #expect(h.scene.handle(.click("dismiss")) == .ignored)
    }

    @Test("Escape and Enter close the popup; with no popup they are left to the page")
    func keys() async throws {
        let h = try Harness()
        h.appear()
        #expect(h.scene.handle(.key("Escape")) == .ignored)
        #expect(h.scene.handle(.key("Enter")) == .ignored)
        #expect(h.scene.handle(.click("activate")) == .handled)
        #expect(h.scene.handle(.key("a")) == .ignored)
        #expect(h.state.popup != nil)
        #expect(h.scene.handle(.key("Escape")) == .handled)
        #expect(h.state.popup == nil)
        #expect(h.scene.handle(.click("activate")) == .handled)
        #expect(h.scene.handle(.key("Enter", action: "")) == .handled)
        #expect(h.state.popup == nil)
    }

    @Test("a click on activate while the popup is open changes nothing: the time stays the first activation's")
    func activateBehindThePopup() async throws {
        let h = try Harness()
        h.appear()
        await h.host.advance(seconds: 1)
        #expect(h.scene.handle(.click("activate")) == .handled)
        await h.host.advance(seconds: 4)
        let before = h.state
        #expect(h.scene.handle(.click("activate")) == .ignored)
        #expect(h.state == before)
        #expect(h.state.popup?.message == "Offer activated at 23:59:59")
    }

    @Test("unknown actions and kinds are ignored and change nothing")
    func unknown() throws {
        let h = try Harness()
        h.appear()
        let before = h.state
        for event in [
            PageEvent.click("no-such-action"), .click(""), .input("activate", "x"), .submit("activate", [:]),
            PageEvent(kind: .change, action: "dismiss"), .key("Escape", action: "activate"),
        ] {
            #expect(h.scene.handle(event) == .ignored, "\(event)")
        }
        #expect(h.state == before)
    }

    @Test("a render loop over the scene renders it again once per turn that changed its presenter")
    func rendersOncePerChange() async throws {
        let h = try Harness()
        let renders = RenderLoop { _ = h.scene.render() }
        renders.renderNow()
        h.appear()
        await MainActorTurns.run(until: { renders.renderCount == 2 })
        await h.host.advance(seconds: 1)
        await MainActorTurns.run(until: { renders.renderCount == 3 })
        await MainActorTurns.run()
        #expect(renders.renderCount == 3, "appear, then the change at 1 s")
        renders.stop()
    }
}
