import FeatureHostCore
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import OfferCountdownTerminal
import OfferCountdownWeb
import TerminalUI
import WebUI

/// Renders per input on both surfaces, counted (one render loop per surface host: one render per input that
/// changes what it read, before this design two), and what a click costs against one render of the page.
enum FrameBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        await page(&bench)
        await terminal(&bench)
    }

    /// The offer page through `WebApp`, its scene wrapped to count renders.
    @MainActor
    private static func page(_ bench: inout Benchmark) async {
        guard let host = try? TestHost(), let context = try? host.context(id: "offer-countdown"),
            let feature = try? OfferCountdownFeature(context: context)
        else { return print("frames: the offer did not start") }
        let scene = CountingWebScene(feature.makeWebScene())
        let launcher = BenchPageLauncher("offer-countdown", assets: OfferCountdownFeature.webAssets) {
            PageFeature(title: "Offer", scene: scene, lifecycle: { feature.handle($0) }, close: {})
        }
        let app = WebApp(configuration: WebApp.Configuration(access: WebBenchmarks.access), launcher: launcher, now: { .zero })
        defer { app.closeAll() }
        let sink = BenchStreamSink()
        app.handle(WebBenchmarks.request("GET", "/f/offer-countdown"), sink)
        guard let id = sink.sessionID else { return print("frames: the offer page did not open a session") }
        app.handle(WebBenchmarks.request("GET", "/s/\(id)/events?v=0"), sink)
        app.handle(WebBenchmarks.request("POST", "/s/\(id)/event", body: #"{"kind":"hello","hourCycle":"h23","visible":true}"#), sink)
        await turns()

        func click(_ action: String) {
            app.handle(WebBenchmarks.request("POST", "/s/\(id)/event", body: #"{"kind":"click","action":"\#(action)"}"#), sink)
        }
        // Renders per click, once every render a click scheduled has run.
        let clicks = 200
        let before = scene.renders
        for _ in 0..<(clicks / 2) {
            click("activate")
            click("dismiss")
            await turns()
        }
        bench.report(
            "frames: offer page, renders per click", value: String(format: "%.2f (was 2)", Double(scene.renders - before) / Double(clicks)))

        // Renders per second of the countdown, each wake-up a turn of its own as on a live clock: 60 whole seconds,
        // from half a second in.
        await host.clock.advance(by: .milliseconds(500))
        await turns()
        let second = scene.renders
        let bytes = sink.streamBytes
        for _ in 0..<60 {
            let end = host.clock.now.advanced(by: .seconds(1))
            while let next = host.clock.nextDeadline, next <= end {
                await host.clock.advance(to: next)
                await turns()
            }
        }
        bench.report(
            "frames: offer page, renders per countdown second",
            value: String(
                format: "%.2f (the change and its 2 roll steps), %.0f B sent", Double(scene.renders - second) / 60,
                Double(sink.streamBytes - bytes) / 60))

        let render = bench.measure("frames: render the offer page once (anchor)", iterations: 400) { _ = scene.render() }
        let event = bench.measure("frames: a click on the offer page → its patch", iterations: 400) {
            click(scene.isPopupOpen ? "dismiss" : "activate")
        }
        bench.report("frames: a click ÷ one render of the page", value: String(format: "%.2f×", event / render))
    }

    /// The offer scene in a render loop, as the live shell draws it: frames per key.
    @MainActor
    private static func terminal(_ bench: inout Benchmark) async {
        guard let host = try? TestHost(), let context = try? host.context(id: "offer-countdown"),
            let feature = try? OfferCountdownFeature(context: context)
        else { return }
        feature.handle(.appear)
        let scene = feature.makeScene()
        let renders = RenderLoop { _ = scene.render(size: Size(width: 80, height: 24)) }
        renders.renderNow()
        defer { renders.stop() }
        let keys = 200
        for index in 0..<keys {
            _ = scene.handle(index.isMultiple(of: 2) ? .enter : .escape)  // activate, then close the popup
            await turns()
        }
        bench.report(
            "frames: offer in the shell's render loop, frames per key",
            value: String(format: "%.2f (was 2)", Double(renders.renderCount - 1) / Double(keys)))
    }

    /// Lets the main actor run what a change scheduled.
    @MainActor
    private static func turns() async {
        for _ in 0..<5 { await Task.yield() }
    }
}

/// A web scene that counts its renders, forwarding everything else.
@MainActor
private final class CountingWebScene: WebScene {
    private let scene: any WebScene
    private(set) var renders = 0
    private(set) var isPopupOpen = false

    init(_ scene: any WebScene) { self.scene = scene }

    func render() -> HTML {
        renders += 1
        return scene.render()
    }

    func handle(_ event: PageEvent) -> WebEventHandling {
        if event.action == "activate" { isPopupOpen = true } else if event.action == "dismiss" { isPopupOpen = false }
        return scene.handle(event)
    }
}
