import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI
import Testing
import WebPluginBridge
import WebUI

/// A plugin whose `advance` never calls `done`: the host waits a bounded real time, stops the plugin (its process
/// ends) with a message in its panel, and its clock and the built-in feature go on.
@Suite @MainActor struct PluginHangTests {
    /// Short, so the test waits little; the stub never calls `done`, so the outcome does not depend on timing.
    static let limits: PluginLimits = {
        var limits = PluginLimits()
        limits.advanceTimeout = .milliseconds(50)
        return limits
    }()

    let expected =
        "The plugin libhang.so was stopped: it did not finish advancing its clock to 1 s within 0.05 seconds of real time "
        + "(its advance never called done). Its in-memory state was lost; what it saved to disk is kept."

    @Test func theWaitIsBoundedAndThePanelSaysWhoFailedToDoWhat() async throws {
        let stubbed = try await StubbedHost([.advanceNeverDone], library: "hang", limits: Self.limits)
        #expect(stubbed.pluginText == "Ticks: 0")
        await stubbed.host.advance(by: .seconds(3))
        #expect(stubbed.host.clock.now.offset == .seconds(3), "the host's clock went on past the plugin's deadline")
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 3"), "the built-in feature ticked every second")
        #expect(stubbed.pluginText.hasPrefix(expected + " Press r to restart it"), "\(stubbed.pluginText)")
        #expect(stubbed.pluginFeature?.instance.stopReason?.hasPrefix("the plugin libhang.so was stopped") == true)
        #expect(await stubbed.host.settle(), "a stopped plugin's is_advancing (1 forever) no longer counts")
    }

    @Test func theWebPageOfAStoppedPluginShowsTheSameError() async throws {
        let stubbed = try await StubbedHost([.advanceNeverDone, .webEntry], library: "hang", limits: Self.limits)
        let feature = try #require(stubbed.pluginFeature)
        let scene = try #require(PluginWeb.scene(for: feature))
        // The page's render loop, as its session keeps it.
        var html = ""
        let renders = RenderLoop { html = scene.render().render() }
        renders.renderNow()
        #expect(html == #"<p>Ticks: 0</p><button data-action="poke" type="button">Poke</button>"#)
        await stubbed.host.advance(by: .seconds(1))
        #expect(await MainActorTurns.run(until: { renders.renderCount == 2 }), "the stop asks the page to render again")
        #expect(html.hasPrefix(#"<div class="fh-plugin-stopped" role="alert"><p>\#(expected)</p>"#), "\(html)")
        renders.stop()
    }

    @Test func theDefaultBoundIsAFewSecondsOfRealTime() {
        #expect(PluginLimits.standard.advanceTimeout == .seconds(5))
    }
}
