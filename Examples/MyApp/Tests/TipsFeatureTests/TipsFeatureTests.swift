import FeatureHostCore
import FeatureHostTesting
import TerminalUI
import Testing
import WebUI

@testable import TipsFeature

/// The app's own feature, tested as FeatureHost's are: built from the context the host would lend it (`TestHost`),
/// both scenes driven as the surfaces drive them.
@Suite @MainActor struct TipsFeatureTests {
    let host: TestHost

    init() throws { host = try TestHost() }

    func feature(first: Double = 1) throws -> TipsFeature {
        try TipsFeature(context: host.context(for: TipsFeature.self, settings: ["first": .number(first)]))
    }

    @Test func theTerminalSceneGoesRoundTheTips() throws {
        let feature = try feature()
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 60, height: 8))
        feature.handle(.appear)
        #expect(driver.text().contains("Tip 1 of 4"))
        #expect(driver.press(.right, .right, .character("z")) == [.handled, .handled, .ignored])
        #expect(driver.text().contains("Tip 3 of 4"))
        #expect(driver.press(.left, .left, .left) == [.handled, .handled, .handled])
        #expect(driver.text().contains("Tip 4 of 4"), "← from the first tip goes to the last")
    }

    @Test func theWebSceneShowsTheSameStateAndTakesClicks() throws {
        let feature = try feature(first: 2)
        let scene = feature.makeWebScene()
        #expect(scene.render().render().contains(#"<p class="tips-position">Tip 2 of 4</p>"#))
        #expect(scene.handle(.click("next")) == .handled)
        #expect(scene.handle(.click("elsewhere")) == .ignored)
        #expect(scene.render().render().contains(#"<p class="tips-position">Tip 3 of 4</p>"#))
    }

    /// The setting is declared with its range, so `myapp validate` refuses a tip that does not exist.
    @Test func theFirstTipIsCheckedAgainstItsRange() {
        #expect(TipsFeature.manifest.setting("first")?.problem(with: .number(9)) == .outOfRange(1...4))
        #expect(TipsFeature.manifest.setting("first")?.problem(with: .number(4)) == nil)
    }
}
