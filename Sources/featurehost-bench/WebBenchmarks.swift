import FeatureHostCore
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import OfferCountdownWeb
import WebUI

/// The web surface on the server side: rendering the offer page, and the bytes a ticking countdown sends
/// (goal: under 300 B per second: the changed digits, not the page). Click → DOM and many sessions are
/// measured from a browser and from outside the process: `Tests/browser/bench/`.
enum WebBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        guard let host = try? TestHost() else { return print("web: cannot make a test host") }
        let launcher = OfferLauncher(host: host)
        let app = WebApp(
            configuration: WebApp.Configuration(access: access), launcher: launcher,
            now: { host.clock.now.offset })

        if let feature = launcher.makeFeature() {
            let scene = feature.makeWebScene()
            bench.measure("web: render the offer scene (HTML value → bytes)", iterations: 2_000) {
                _ = scene.render().render()
            }
        }
        bench.measure("web: serve the offer page (launch + page + session)", iterations: 500) {
            let sink = BenchStreamSink()
            app.handle(request("GET", "/f/offer-countdown"), sink)
        }
        app.closeAll()

        // One page, its stream, the hello that makes it appear; then a minute of countdown.
        for roll in [0.35, 0.0] {
            launcher.settings = ["rollDuration": .number(roll)]
            let sink = BenchStreamSink()
            app.handle(request("GET", "/f/offer-countdown"), sink)
            guard let id = sink.sessionID else { return print("web: the offer page did not open a session") }
            app.handle(request("GET", "/s/\(id)/events?v=0"), sink)
            app.handle(request("POST", "/s/\(id)/event", body: #"{"kind":"hello","hourCycle":"h23","visible":true}"#), sink)
            let before = sink.streamBytes
            // 50 ms steps, each followed by the main actor's turn in which the session sends its patch, as
            // the live clock's wake-ups are: the manual clock alone would run a minute without a turn between.
            for _ in 0..<1_200 {
                await host.clock.advance(by: .milliseconds(50))
                for _ in 0..<4 { await Task.yield() }
            }
            let perSecond = Double(sink.streamBytes - before) / 60
            bench.report("web: bytes sent per countdown second, roll \(roll) s", value: String(format: "%.0f B (goal < 300 B)", perSecond))
            app.closeAll()
        }
    }

    static let token = "00000000000000000000000000000000"
    static let port = 8080
    static let access = AccessGuard(token: token, hostName: "fh-0000000000000000.localhost", port: port)

    static func request(_ method: String, _ target: String, body: String = "") -> HTTPServerRequest {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(access.allowedHost)\r\nCookie: featurehost-token=\(token)\r\n"
        if method == "POST" {
            text += "Origin: \(access.origin)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        var parser = HTTPRequestParser()
        guard case .request(let request) = parser.feed(Array((text + "\r\n" + body).utf8)) else {
            preconditionFailure("the benchmark's own request does not parse: \(target)")
        }
        return request
    }
}

/// The offer feature on the bench's manual clock, for `WebApp`.
@MainActor
private final class OfferLauncher: PageLauncher {
    let host: TestHost
    var settings: [String: SettingValue] = [:]

    init(host: TestHost) { self.host = host }

    var homeEntries: [HomeEntry] { [] }
    var assets: [FeatureID: WebAssets] { [OfferCountdownFeature.manifest.id: OfferCountdownFeature.webAssets] }
    var fixesHourCycle: Bool { true }

    func cachedImage(forKey key: String) -> CachedImage? { nil }

    func preferences(for browser: BrowserPreferences) -> PagePreferences {
        PagePreferences(locale: Locale(identifier: "en_US"), hourCycle: .twentyFourHour, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
    }

    func makeFeature() -> OfferCountdownFeature? {
        try? OfferCountdownFeature(context: host.context(id: OfferCountdownFeature.manifest.id, settings: settings))
    }

    func launch(_ id: FeatureID, preferences: PagePreferences) -> LaunchedPage? {
        guard let feature = makeFeature() else { return nil }
        return .running(
            PageFeature(
                title: "Offer countdown", scene: feature.makeWebScene(), lifecycle: { feature.handle($0) }, close: {}))
    }
}
