import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import PluginCounterLibrary
import TerminalPluginBridge
import TerminalUI
import Testing
import WebPluginBridge
import WebUI

/// The optional web entry: the kit's web table for `PluginCounterFeature` in `libPluginCounter.so`'s process and the
/// host's `WebPluginBridge`. A plugin without the entry (built before it), or with one of a version this host does
/// not know, loads as terminal-only.
@Suite @MainActor struct WebPluginTests {
    let host: TestHost

    init() throws { host = try TestHost() }

    func plugin() throws -> LoadedPlugin { try loadPlugin(PluginCounterLibraryFile.url, dataDirectory: host.directory.url) }

    func feature(_ plugin: LoadedPlugin) throws -> DynamicFeature {
        let context = try host.context(id: "plugin-counter")
        return try DynamicFeature.make(plugin, context: context, dataDirectory: host.directory.url)
    }

    @Test func theWebSceneRendersTheSamePresenterAndTakesClicks() async throws {
        let feature = try feature(try plugin())
        let scene = try #require(PluginWeb.scene(for: feature))
        let first =
            #"<div class="counter"><p>Seconds: 0</p><p>Clock: 12:34:00</p><button data-action="press" id="press" type="button">Press &amp; &lt;hold&gt;</button>"#
            + #"<p aria-live="polite">Presses: 0</p></div>"#
        #expect(scene.render().render() == first, "rebuilt through the builder: the same bytes the plugin's builder wrote")
        feature.handle(.appear)
        await host.advance(by: .seconds(2))
        // The first tick after the render asked for a frame; the second waited for that frame.
        #expect(feature.instance.frameRequests == 1, "through the same frame-request callback as the terminal")
        #expect(scene.render().render().contains("Seconds: 2"))
        #expect(scene.handle(.click("press")) == .handled)
        #expect(scene.handle(.click("other")) == .ignored)
        #expect(scene.handle(.input("press", "x")) == .ignored)
        #expect(feature.instance.frameRequests == 2, "the press, after the render that showed the ticks")
        #expect(scene.render().render().contains("Presses: 1"))
        feature.handle(.didEnterBackground)
        #expect(scene.render().render().contains("Seconds: 2 (paused)"))
    }

    /// A plugin whose manifest says it has no terminal scene is made as a `WebOnlyPluginFeature`: not a
    /// `TerminalFeature` (so the shell shows its panel and never makes it appear there), shown on the web as any other.
    @Test func aWebOnlyPluginIsNoTerminalFeatureAndShowsOnTheWeb() async throws {
        let loaded = try plugin()
        let webOnly = LoadedPlugin(file: loaded.file, manifest: loaded.manifest, library: loaded.library, hasTerminalScene: false)
        let feature = try DynamicFeature.maker(dataDirectory: host.directory.url)(webOnly, try host.context(id: "plugin-counter"))
        #expect(!(feature is any TerminalFeature))
        let panel = try #require((feature as? WebOnlyPluginFeature)?.noTerminalScreenMessage)
        #expect(
            panel
                == "\(loaded.manifest.title) comes from the plugin libPluginCounter.so, which has no terminal screen: it was built for the web "
                + "only. Open it in a browser with featurehost serve.")
        let scene = try #require(PluginWeb.scene(for: feature))
        feature.handle(.appear)
        await host.advance(by: .seconds(1))
        #expect(scene.render().render().contains("Seconds: 1"))
        #expect(scene.handle(.click("press")) == .handled)
        #expect(scene.render().render().contains("Presses: 1"))
        // A plugin with its terminal scene is still made as a `DynamicFeature`.
        #expect(
            try DynamicFeature.maker(dataDirectory: host.directory.url)(loaded, try host.context(id: "plugin-counter")) is DynamicFeature)
    }

    @Test func theWebSceneMeansNoTerminalScene() throws {
        let feature = try feature(try plugin())
        _ = try #require(PluginWeb.scene(for: feature))
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 30, height: 6))
        feature.handle(.appear)
        #expect(
            driver.text().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            "appear after the web scene opened made no terminal scene")
    }

    @Test func pageEventsThatAreNotPageEventsAreIgnored() throws {
        let feature = try feature(try plugin())
        _ = try #require(PluginWeb.scene(for: feature))
        #expect(!feature.instance.handlePageEvent(Array("not json".utf8)))
        #expect(!feature.instance.handlePageEvent(Array(#"{"kind":"tap","action":"press"}"#.utf8)))
        #expect(!feature.instance.handlePageEvent([]))
        #expect(feature.instance.handlePageEvent(PageEventWire(kind: "click", action: "press").encoded()))
    }

    @Test func theWebFilesCrossAsJSON() throws {
        let assets = try #require(PluginWeb.assets(of: try plugin()))
        #expect(assets.files.map(\.name) == ["counter.css"])
        #expect(assets.stylesheets.first?.contents == .success(Array(".counter { color: #111; }".utf8)))
        #expect(assets.files.first?.contentType == "text/css; charset=utf-8")
    }

    @Test func aPluginWithoutTheWebEntryIsTerminalOnly() async throws {
        let stubbed = try await StubbedHost([], library: "noweb")
        #expect(!stubbed.loaded.hasWebView)
        #expect(PluginWeb.assets(of: stubbed.loaded) == nil)
        #expect(PluginWeb.scene(for: try #require(stubbed.pluginFeature)) == nil)
        #expect(stubbed.pluginText == "Ticks: 0", "still works in the terminal")
        #expect(
            PluginWeb.noWebViewMessage(title: "Plugin counter", file: "libCounter.so")
                == "Plugin counter comes from the plugin libCounter.so, which has no web view: it was built for the terminal only "
                + "(it exports no featurehost_plugin_web_entry_v1). It still runs in the terminal shell (featurehost).")
    }

    @Test func aWebTableOfAnUnknownVersionIsTerminalOnly() async throws {
        let stubbed = try await StubbedHost([.webEntry, .futureWebABI], library: "futureweb")
        #expect(!stubbed.loaded.hasWebView)
        #expect(PluginWeb.scene(for: try #require(stubbed.pluginFeature)) == nil)
        #expect(stubbed.pluginText == "Ticks: 0")
    }

    @Test func aBuiltInFeatureIsNotAPluginsWebScene() throws {
        let context = try host.context(id: "plugin-counter")
        #expect(PluginWeb.scene(for: try PluginCounterFeature(context: context)) == nil)
    }
}
