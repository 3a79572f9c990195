import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import TerminalPluginBridge
import TerminalUI
import Testing
import WebPluginBridge
import WebUI

/// A plugin that answers every call just under its deadline is never a hang, yet each call holds the host's main
/// actor: a few slow calls of one kind in a row stop it, with its panel and a restart, on both surfaces, while the
/// built-in feature beside it runs on.
@Suite @MainActor struct PluginSlowTests {
    /// The stub takes 0.3 s of real time per slow call: three times the slow threshold, well under the deadline,
    /// so the outcome does not depend on a loaded machine's timing.
    static let limits: PluginLimits = {
        var limits = PluginLimits()
        limits.callTimeout = .seconds(5)
        limits.createTimeout = .seconds(10)
        limits.slowCallThreshold = .milliseconds(100)
        limits.slowCallsInARow = 3
        return limits
    }()

    /// As the live host does (its clock is real): no call blocks the main actor for its reply.
    static let replyLater: PluginLimits = {
        var limits = Self.limits
        limits.replyWait = .zero
        return limits
    }()

    static func reason(_ library: String, _ call: String) -> String {
        "the plugin \(library) was stopped: it answered \(call) 3 times in a row in more than 0.1 seconds of real time "
            + "each, and every other feature waits while it does."
    }

    @Test func aPluginSlowOnEveryRenderIsStoppedWithItsPanelAndRestarts() async throws {
        let stubbed = try await StubbedHost([.slowRender], library: "slow", limits: Self.limits)
        let plugin = try #require(stubbed.plugin)
        for second in 1...2 {
            #expect(stubbed.pluginText.hasPrefix("Ticks:"), "two slow renders are not yet a stop")
            await stubbed.host.advance(by: .seconds(1))
            #expect(stubbed.counter.text().hasPrefix(" Seconds: \(second)"), "the built-in feature keeps its pace")
        }
        #expect(stubbed.pluginFeature?.instance.stop == nil)
        // The third slow render in a row.
        plugin.size = Size(width: 100, height: 20)
        let panel = StubbedHost.oneLine(plugin.text())
        let stop = try #require(stubbed.pluginFeature?.instance.stop, "the plugin was stopped")
        #expect(stop.reason == Self.reason("libslow.so", "render"))
        #expect(stop.canRestart)
        #expect(panel.hasPrefix("The plugin libslow.so was stopped: it answered render 3 times in a row"))
        #expect(panel.contains("Press r to restart it"))
        #expect(plugin.scene.keyHints == [KeyHint(key: "r", action: "restart")])
        await stubbed.host.advance(by: .seconds(2))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 4"), "the built-in feature runs on")
        #expect(await stubbed.host.settle(), "a stopped plugin holds nothing up")
        #expect(plugin.press(.character("r")) == [.handled])
        #expect(stubbed.pluginFeature?.instance.stop == nil, "a restart starts a new streak")
        #expect(StubbedHost.oneLine(plugin.text()).hasPrefix("Ticks: 0"))
    }

    @Test func aPluginSlowOnEveryPageEventIsStoppedWithItsPanelEvenWithFastRendersBetween() async throws {
        let stubbed = try await StubbedHost([.webEntry, .slowPageEvent], library: "slowweb", limits: Self.limits)
        let scene = try #require(stubbed.pluginFeature.flatMap { PluginWeb.scene(for: $0) })
        #expect(scene.render().render().hasPrefix("<p>Ticks: 0</p>"))
        for _ in 1...2 {
            _ = scene.handle(.click("poke"))
            // A fast render_html between two slow page events does not end their streak.
            #expect(scene.render().render().hasPrefix("<p>Ticks: "), "two slow page events are not yet a stop")
            await stubbed.host.advance(by: .seconds(1))
        }
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 2"), "the built-in feature keeps its pace")
        #expect(scene.handle(.click("poke")) == .ignored, "the third slow page event in a row")
        let stop = try #require(stubbed.pluginFeature?.instance.stop, "the plugin was stopped")
        #expect(stop.reason == Self.reason("libslowweb.so", "handle_page_event"))
        let html = scene.render().render()
        #expect(
            html.contains(
                #"<div class="fh-plugin-stopped" role="alert"><p>The plugin libslowweb.so was stopped: it answered handle_page_event 3 times"#
            ))
        #expect(html.contains(">Restart</button>"))
        await stubbed.host.advance(by: .seconds(1))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 3"), "the built-in feature runs on")
        #expect(scene.handle(.click("fh-plugin-restart")) == .handled)
        #expect(stubbed.pluginFeature?.instance.stop == nil)
        #expect(scene.render().render().hasPrefix("<p>Ticks: 0</p>"), "restarted, its web scene opened again")
    }

    @Test func whileTheSlowPluginRendersTheOtherFeatureDrawsAndItsReplyIsDrawnWhenItComes() async throws {
        let stubbed = try await StubbedHost([.slowRender], library: "think", limits: Self.replyLater)
        #expect(await stubbed.host.settle(), "appear answered")
        let plugin = try #require(stubbed.plugin)
        let instance = try #require(stubbed.pluginFeature?.instance)
        let changes = instance.frameRequests
        #expect(StubbedHost.oneLine(plugin.text()).isEmpty, "its first frame is on its way: the render returned without it")
        #expect(stubbed.host.activity.inFlight > 0, "the render on its way is work in flight, which snapshot and settle wait for")
        // Main-actor turns while the plugin thinks: under a blocking call there would be none before its reply.
        var counterFrames = 0
        let arrived = await eventually {
            _ = stubbed.counter.text()
            counterFrames += 1
            return instance.frameRequests > changes
        }
        #expect(arrived, "the reply is a change the render loop sees")
        #expect(counterFrames > 1, "the built-in feature drew while the plugin's one render was on its way")
        #expect(stubbed.pluginText == "Ticks: 0", "the reply is drawn, with no second call")
        await stubbed.host.advance(by: .seconds(1))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 1"), "its timer kept its pace in virtual time")
        // Two more slow renders, each drawn when it comes: the third slow one in a row stops it.
        for _ in 1...2 {
            #expect(stubbed.pluginFeature?.instance.stop == nil)
            _ = plugin.text()
            #expect(await stubbed.host.settle())
            _ = plugin.text()
        }
        let stop = try #require(stubbed.pluginFeature?.instance.stop, "the plugin was stopped")
        #expect(stop.reason == Self.reason("libthink.so", "render"))
        plugin.size = Size(width: 100, height: 20)
        #expect(StubbedHost.oneLine(plugin.text()).hasPrefix("The plugin libthink.so was stopped: it answered render 3 times in a row"))
        #expect(await stubbed.host.settle(), "a stopped plugin holds nothing up")
    }

    @Test func slowPageEventsThatAnswerLaterCountAsHandledAndStillStopThePlugin() async throws {
        let stubbed = try await StubbedHost(
            [.webEntry, .slowPageEvent], library: "thinkweb", limits: Self.replyLater)
        let scene = try #require(stubbed.pluginFeature.flatMap { PluginWeb.scene(for: $0) })
        #expect(await stubbed.host.settle())
        _ = scene.render()
        #expect(await stubbed.host.settle())
        #expect(scene.render().render().hasPrefix("<p>Ticks: 0</p>"))
        for _ in 1...3 {
            #expect(scene.handle(.click("poke")) == .handled, "on its way to the plugin: the page goes on")
            #expect(stubbed.host.activity.inFlight > 0)
            #expect(await stubbed.host.settle())
        }
        let stop = try #require(stubbed.pluginFeature?.instance.stop, "the plugin was stopped")
        #expect(stop.reason == Self.reason("libthinkweb.so", "handle_page_event"))
        #expect(scene.render().render().contains(">Restart</button>"))
    }
}
