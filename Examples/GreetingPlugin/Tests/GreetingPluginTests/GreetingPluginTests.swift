import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing
import WebUI

@testable import GreetingPlugin

/// The plugin's own tests, in its own package, with the host's testing library: the feature is built from the
/// context the host would lend it (`TestHost`), time is the test clock, and both scenes are driven as the surfaces
/// drive them. No host process and no dynamic loading: that is the host's end (Tests/e2e/plugin.sh).
@Suite @MainActor struct GreetingPluginTests {
    let host: TestHost

    init() throws { host = try TestHost() }

    func feature(name: String = "Ada") throws -> GreetingFeature {
        try GreetingFeature(context: host.context(for: GreetingFeature.self, settings: ["name": .string(name)], hourCycle: .twentyFourHour))
    }

    @Test func theTerminalSceneKeepsTimeAndWaves() async throws {
        let feature = try feature()
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 40, height: 10))
        feature.handle(.appear)
        #expect(driver.text().contains("Hello, Ada!"))
        #expect(driver.text().contains("Open for  00:00:00"))
        await host.advance(by: .seconds(61))
        #expect(driver.text().contains("Open for  00:01:01"))
        #expect(driver.text().contains("Clock     12:35:01"), "the wall clock moves with the test clock")
        #expect(driver.press(.enter, .character("z")) == [.handled, .ignored])
        #expect(driver.text().contains("Waved once"))
        feature.handle(.didEnterBackground)
        #expect(driver.text().contains("(paused)"))
    }

    @Test func theWebSceneShowsTheSameStateAndTakesClicks() async throws {
        let feature = try feature()
        let scene = feature.makeWebScene()
        feature.handle(.appear)
        await host.advance(by: .seconds(3))
        let html = scene.render().render()
        #expect(html.contains(#"<p class="greeting-hello">Hello, Ada!</p>"#))
        // Its picture, a file of its resources, is served by the host under /assets/greeting/.
        #expect(html.contains(#"<img alt="A smiling face" class="greeting-art" src="/assets/greeting/wave.svg">"#))
        #expect(html.contains(">00:00:03<"))
        #expect(scene.handle(.click("wave")) == .handled)
        #expect(scene.handle(.click("other")) == .ignored)
        #expect(scene.render().render().contains(">Waved once<"))
    }

    /// The stylesheet is a real file of the target's resources, found beside the binary that holds the code.
    @Test func theStylesheetShipsFromTheResourceBundle() throws {
        #expect(GreetingFeature.webAssets.stylesheets.map(\.name) == ["greeting.css"])
        guard case .success(let bytes) = GreetingFeature.webAssets.files.first?.contents else {
            Issue.record("greeting.css was not found: \(String(describing: GreetingFeature.webAssets.files.first?.contents))")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self).contains(".greeting .greeting-wave"))
    }

    /// The manifest declares the name non-empty, so `featurehost validate` refuses a blank one before the plugin
    /// starts; the feature reads it through the same declaration and says the same.
    @Test func aBlankNameIsRefusedWithTheSettingsName() throws {
        #expect(GreetingFeature.manifest.setting("name")?.problem(with: .string("  ")) == .invalid)
        #expect(throws: FeatureError(#"settings of "greeting": "name" must be a string that is not empty or only spaces, found "  "."#)) {
            try feature(name: "  ")
        }
    }
}
