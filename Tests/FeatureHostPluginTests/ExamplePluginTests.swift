import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI
import Testing
import WebPluginBridge
import WebUI

/// The example plugin, a real library with its own copy of the core, driven through the text driver in its own
/// process.
/// `Tests/e2e/plugin.sh` builds it and runs this suite with `FEATUREHOST_EXAMPLE_PLUGIN` set to the library;
/// a plain `swift test` skips it, because building a second package is too slow for the unit tests.
@Suite(.enabled(if: ExamplePlugin.library != nil, "set FEATUREHOST_EXAMPLE_PLUGIN to a built libGreeting"))
@MainActor struct ExamplePluginTests {
    @Test
    func theGreetingKeepsTimeOnTheHostsClockAndWaves() async throws {
        let library = try #require(ExamplePlugin.library)
        let host = try TestHost()
        let plugin = try loadPlugin(library, dataDirectory: host.directory.url)
        #expect(plugin.manifest.id == "greeting")
        #expect(plugin.manifest.settingsKeys == ["name"])
        let context = try host.context(id: "greeting", settings: ["name": .string("Ada")], hourCycle: .twentyFourHour)
        let feature = try DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 40, height: 9))
        feature.handle(.appear)
        #expect(
            driver.text() == """
                 ╭ Greeting plugin ───────────────────╮
                 │                                    │
                 │ Hello, Ada!                        │
                 │                                    │
                 │ Open for  00:00:00                 │
                 │ Clock     12:34:00                 │
                 │                                    │
                 │ [ Wave ]  No waves yet             │
                 ╰────────────────────────────────────╯
                """)
        await host.advance(by: .seconds(61))
        #expect(driver.text().contains("Open for  00:01:01"))
        #expect(driver.text().contains("Clock     12:35:01"))
        // The plugin asks for a frame at the first change after the host's last one (drawn by `text()` above),
        // not at every tick: the host draws at most once per turn.
        #expect(feature.instance.frameRequests == 1, "a frame request across the boundary")
        #expect(driver.press(.enter, .enter, .character("z")) == [.handled, .handled, .ignored])
        #expect(driver.text().contains("Waved 2 times"))
        feature.handle(.didEnterBackground)
        #expect(driver.text().contains("(paused)"))
        #expect(driver.scene.keyHints == [KeyHint(key: "Enter", action: "wave")])
        #expect(driver.scene.minimumSize == Size(width: 36, height: 10))
    }

    @Test
    func theGreetingOnTheWebThroughItsWebEntry() async throws {
        let library = try #require(ExamplePlugin.library)
        let host = try TestHost()
        let plugin = try loadPlugin(library, dataDirectory: host.directory.url)
        #expect(plugin.hasWebView, "the example exports featurehost_plugin_web_entry_v1")
        let assets = try #require(PluginWeb.assets(of: plugin))
        #expect(assets.stylesheets.map(\.name) == ["greeting.css"])
        #expect(assets.files.map(\.name) == ["greeting.css", "wave.svg"], "its picture crosses with its stylesheet")
        #expect(assets.files.last?.contentType == "image/svg+xml")
        let context = try host.context(id: "greeting", settings: ["name": .string("Ada")], hourCycle: .twentyFourHour)
        let feature = try DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
        let scene = try #require(PluginWeb.scene(for: feature))
        feature.handle(.appear)
        await host.advance(by: .seconds(3))
        #expect(
            scene.render().render()
                == #"<section aria-labelledby="greeting-title" class="greeting">"#
                + #"<img alt="A smiling face" class="greeting-art" src="/assets/greeting/wave.svg">"#
                + #"<h1 class="greeting-title" id="greeting-title">Greeting plugin</h1>"#
                + #"<p class="greeting-hello">Hello, Ada!</p><div class="greeting-row"><span class="greeting-label">Open for</span>"#
                + #"<span class="greeting-value">00:00:03</span></div><div class="greeting-row"><span class="greeting-label">Clock</span>"#
                + #"<span class="greeting-value">12:34:03</span></div><div class="greeting-actions"><button class="greeting-wave" "#
                + #"data-action="wave" id="greeting-wave" type="button">Wave</button><span aria-live="polite" class="greeting-waves">"#
                + #"No waves yet</span></div></section>"#)
        #expect(scene.handle(.click("wave")) == .handled)
        #expect(scene.handle(.click("nothing")) == .ignored)
        #expect(scene.render().render().contains(">Waved once<"))
    }

    @Test
    /// The name is declared `.nonEmptyString`, so reading it through its declaration refuses a blank one (and
    /// `validate` refuses it before start: PluginHostTests).
    func anEmptyNameIsRefusedByItsDeclaredType() throws {
        let library = try #require(ExamplePlugin.library)
        let host = try TestHost()
        let plugin = try loadPlugin(library, dataDirectory: host.directory.url)
        let context = try host.context(id: "greeting", settings: ["name": .string("")])
        #expect(throws: FeatureError(#"settings of "greeting": "name" must be a string that is not empty or only spaces, found ""."#)) {
            try DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
        }
    }
}

enum ExamplePlugin {
    static var library: URL? {
        ProcessInfo.processInfo.environment["FEATUREHOST_EXAMPLE_PLUGIN"].map { URL(fileURLWithPath: $0) }
    }
}
