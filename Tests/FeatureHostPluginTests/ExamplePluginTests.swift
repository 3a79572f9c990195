import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI
import Testing

/// The example plugin, a real library with its own copy of the core, driven through the text driver.
/// `Tests/e2e/plugin.sh` builds it and runs this suite with `FEATUREHOST_EXAMPLE_PLUGIN` set to the library;
/// a plain `swift test` skips it, because building a second package is too slow for the unit tests.
@Suite(.enabled(if: ExamplePlugin.library != nil, "set FEATUREHOST_EXAMPLE_PLUGIN to a built libGreeting"))
@MainActor struct ExamplePluginTests {
    @Test func theGreetingKeepsTimeOnTheHostsClockAndWaves() async throws {
        let library = try #require(ExamplePlugin.library)
        let plugin = try PluginLoader.open(library)
        #expect(plugin.manifest.id == "greeting")
        #expect(plugin.manifest.settingsKeys == ["name"])
        let host = try TestHost()
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
        #expect(driver.changeCount == 61, "one frame request per second, across the boundary")
        #expect(driver.press(.enter, .enter, .character("z")) == [.handled, .handled, .ignored])
        #expect(driver.text().contains("Waved 2 times"))
        feature.handle(.didEnterBackground)
        #expect(driver.text().contains("(paused)"))
        #expect(driver.scene.keyHints == [KeyHint(key: "Enter", action: "wave")])
        #expect(driver.scene.minimumSize == Size(width: 36, height: 10))
    }

    @Test func anEmptyNameIsRefusedWithTheFeaturesOwnMessage() throws {
        let library = try #require(ExamplePlugin.library)
        let plugin = try PluginLoader.open(library)
        let host = try TestHost()
        let context = try host.context(id: "greeting", settings: ["name": .string("")])
        #expect(throws: FeatureError("settings of \"greeting\": \"name\" must not be empty.")) {
            try DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
        }
    }
}

enum ExamplePlugin {
    static var library: URL? {
        ProcessInfo.processInfo.environment["FEATUREHOST_EXAMPLE_PLUGIN"].map { URL(fileURLWithPath: $0) }
    }
}
