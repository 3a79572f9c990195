import FeatureHostCore
import FeatureHostTesting
import OfferCountdownFeature
import OfferCountdownFixtures
import TerminalUI
import Testing

@testable import OfferCountdownTerminal

@MainActor
@Suite("Scene")
struct OfferCountdownSceneTests {
    let golden = GoldenFile.directory()

    /// The scene as the shell makes it: the session delivers `.appear` when it shows the feature.
    func scene(_ h: Harness) -> OfferCountdownTerminalScene {
        h.feature.handle(.appear)
        guard let scene = h.feature.makeScene() as? OfferCountdownTerminalScene else {
            Issue.record("makeScene did not return the offer scene")
            return OfferCountdownTerminalScene(presenter: h.presenter)
        }
        return scene
    }

    @Test("main screen at 80×24 and 120×40 after 5.5 s: 00 23 59 55 as plain digits, nothing rolling")
    func mainScreen() async throws {
        let h = try Harness()
        let driver = TextDriver(scene: scene(h), size: Size(width: 80, height: 24))
        await h.host.advance(seconds: 5.5)
        let text = driver.text()
        try GoldenFile.check(text, named: "main-80x24.txt", in: golden)
        let digitsRow = text.split(separator: "\n", omittingEmptySubsequences: false).first { $0.contains("00") && $0.contains("55") }
        #expect(digitsRow?.filter(\.isNumber) == "00235955")
        driver.size = Size(width: 120, height: 40)
        try GoldenFile.check(driver.text(), named: "main-120x40.txt", in: golden)
    }

    @Test("a roll mid-way at 80×24: the changing digits between boxes rows, the still ones in place")
    func rollingFrames() async throws {
        let h = try Harness()
        let driver = TextDriver(scene: scene(h), size: Size(width: 80, height: 24))
        await h.host.advance(seconds: 1)
        try GoldenFile.check(driver.text(), named: "roll-step0-80x24.txt", in: golden)
        await h.host.advance(seconds: 0.175)
        try GoldenFile.check(driver.text(), named: "roll-step1-80x24.txt", in: golden)
        await h.host.advance(seconds: 0.175)
        #expect(!h.presenter.viewState.countdown.isRolling)
    }

    @Test("the popup over the dimmed screen at 80×24 and 120×40; Esc and Enter close it")
    func popup() async throws {
        let h = try Harness()
        let scene = scene(h)
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        await h.host.advance(seconds: 3)
        #expect(scene.keyHints == [KeyHint(key: "Enter", action: "activate offer")])
        let before = driver.frame()
        #expect(driver.press(.enter) == [.handled])
        await h.host.advance(seconds: 0.5)
        let frame = driver.frame()
        // The backdrop darkens what is painted (the artwork, the timer boxes, the button), not only the glyphs.
        guard case .fits(let popupLayout) = OfferLayout.make(size: frame.size) else { return }
        var painted = 0
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width where !popupLayout.popup.contains(Point(x: x, y: y)) {
                guard let old = before[x, y].style.background else { continue }
                painted += 1
                let new = try #require(frame[x, y].style.background, "a painted cell lost its background at \(x),\(y)")
                #expect(new.luminance < old.luminance || old.luminance == 0, "not darker at \(x),\(y): \(old) → \(new)")
            }
        }
        #expect(painted > 500)
        try GoldenFile.check(frame.plainText(), named: "popup-80x24.txt", in: golden)
        #expect(scene.keyHints == [KeyHint(key: "Enter/Esc", action: "close")])
        // Dimmed behind; the shadow under "Great!" is pink.
        #expect(frame[0, 0].style.dim)
        guard case .fits(let layout) = OfferLayout.make(size: frame.size) else { return }
        #expect(frame[layout.popupTitleShadow.x, layout.popupTitleShadow.y].style.background == .rgb(234, 72, 187))
        #expect(!frame[layout.popupTitle.x, layout.popupTitle.y].style.dim)

        driver.size = Size(width: 120, height: 40)
        try GoldenFile.check(driver.text(), named: "popup-120x40.txt", in: golden)

        #expect(driver.press(.escape) == [.handled])
        #expect(h.presenter.viewState.popup == nil)
        driver.press(.enter)
        #expect(driver.press(.enter) == [.handled])
        #expect(h.presenter.viewState.popup == nil)
        // With nothing open, Esc and q are the shell's.
        #expect(driver.press(.escape, .character("q")) == [.ignored, .ignored])
        #expect(driver.press(.tab, .down) == [.handled, .handled])
    }

    @Test("at zero the button is greyed without its focus marks and Enter does nothing")
    func expired() async throws {
        let h = try Harness(settings: ["duration": .number(2)])
        let scene = scene(h)
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        await h.host.advance(seconds: 3)
        try GoldenFile.check(driver.text(), named: "expired-80x24.txt", in: golden)
        #expect(scene.keyHints.isEmpty)
        driver.press(.enter)
        #expect(h.presenter.viewState.popup == nil)
    }

    @Test("taller than wide: a message asks for a wider window; below the minimum, a bigger one")
    func refusals() throws {
        let h = try Harness()
        let scene = scene(h)
        #expect(scene.minimumSize == Size(width: 48, height: 17))
        let portrait = scene.render(size: Size(width: 60, height: 40)).plainText()
        try GoldenFile.check(portrait, named: "portrait-60x40.txt", in: golden)
        #expect(scene.render(size: Size(width: 40, height: 12)).plainText().contains("Make the window at least 48×17"))
    }

    @Test("background and foreground reach the presenter through the feature, not the scene")
    func lifecycle() async throws {
        let h = try Harness()
        let feature = try OfferCountdownFeature(context: try h.host.context(id: "offer-countdown"))
        feature.handle(.appear)
        feature.handle(.didEnterBackground)
        #expect(feature.presenter.viewState.countdown.phase == .paused)
        feature.handle(.willEnterForeground)
        #expect(feature.presenter.viewState.countdown.phase == .running)
    }

    @Test("a render loop over the scene draws it again once per turn that changed its presenter, and only then")
    func rendersOncePerChange() async throws {
        let h = try Harness()
        let scene = scene(h)
        var frames: [String] = []
        let renders = RenderLoop { frames.append(scene.render(size: Size(width: 80, height: 24)).plainText()) }
        renders.renderNow()
        await h.host.advance(seconds: 0.5)
        await MainActorTurns.run()
        #expect(renders.renderCount == 1, "nothing changed in the first half second")
        // The change at 1 s and its roll's first step: the manual clock runs both timers in one turn.
        await h.host.advance(seconds: 1)
        await MainActorTurns.run(until: { renders.renderCount == 2 })
        await MainActorTurns.run()
        #expect(renders.renderCount == 2)
        #expect(frames.last == scene.render(size: Size(width: 80, height: 24)).plainText())
        #expect(h.presenter.changeCount == 1 + 3, "appearing, then 1 s and its two roll steps")
        renders.stop()
    }
}
