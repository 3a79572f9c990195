import CarNewsFeature
import CarNewsWeb
import FeatureHostCore
import FeatureHostTesting
import Foundation
import WebUI

/// The car news page on the server side: rendering it at the spec's size (the bundled reply, 7 articles) and with
/// 10,000 saved articles (one page of 20 cards: `ArticlePaging`), and the bytes the live stream sends for one
/// interaction (open an article, close it, the next page) on a 10,000-article page driven through `WebApp`.
enum CarNewsWebBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        await renderBundledSample(&bench)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "featurehost-bench-car-news-web-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let context: FeatureContext
        do {
            context = try CarNewsBenchmarks.offlineContextWithSavedArticles(storage: directory)
        } catch {
            return print("car-news-web: benchmark setup failed: \(error.userFacingMessage)")
        }
        await renderLargeList(&bench, context: context)
        await interactionBytes(&bench, context: context)
        // Let the refreshes and image fetches the opened features started finish (they fail at once: offline).
        for _ in 0..<100 { await Task.yield() }
    }

    /// The spec's data: the bundled reply, on a test host (the pictures fail at once: no network).
    @MainActor
    private static func renderBundledSample(_ bench: inout Benchmark) async {
        guard let host = try? TestHost(),
            let feature = try? CarNewsFeature(
                context: host.context(id: CarNewsFeature.manifest.id, source: SourceConfiguration(kind: .inMemory)))
        else { return print("car-news-web: cannot make the feature on a test host") }
        let scene = feature.makeWebScene()
        feature.handle(.appear)
        await host.settle()
        let bytes = scene.render().render().utf8.count
        bench.report("car-news-web: page of the bundled reply (\(feature.presenter.viewState.rows.count) articles)", value: "\(bytes) B")
        bench.measure("car-news-web: render the bundled reply's page", iterations: 2_000) {
            _ = scene.render().render()
        }
    }

    @MainActor
    private static func renderLargeList(_ bench: inout Benchmark, context: FeatureContext) async {
        guard let feature = try? CarNewsFeature(context: context) else { return print("car-news-web: cannot make the feature") }
        let scene = feature.makeWebScene()
        feature.handle(.appear)
        await CarNewsBenchmarks.rowsShown(feature.presenter)
        let html = scene.render().render()
        let cards = html.components(separatedBy: "class=\"car-news-item\"").count - 1
        bench.report(
            "car-news-web: page of \(feature.presenter.viewState.rows.count) saved articles",
            value: "\(html.utf8.count) B, \(cards) cards (pages of \(ArticlePaging.pageSize))")
        bench.measure("car-news-web: render the 10,000-article page", iterations: 500) {
            _ = scene.render().render()
        }
    }

    /// One page of the 10,000 articles through `WebApp`: its stream, the hello that makes it appear, then
    /// each interaction and the bytes the stream carried for it.
    @MainActor
    private static func interactionBytes(_ bench: inout Benchmark, context: FeatureContext) async {
        let launcher = CarNewsLauncher(context: context)
        let clock = ContinuousClock()
        let start = clock.now
        let app = WebApp(
            configuration: WebApp.Configuration(access: WebBenchmarks.access),
            launcher: launcher, now: { clock.now - start })
        defer { app.closeAll() }
        let sink = BenchStreamSink()
        app.handle(WebBenchmarks.request("GET", "/f/car-news"), sink)
        guard let id = sink.sessionID, let presenter = launcher.feature?.presenter else {
            return print("car-news-web: the page did not open a session")
        }
        app.handle(WebBenchmarks.request("GET", "/s/\(id)/events?v=0"), sink)
        app.handle(WebBenchmarks.request("POST", "/s/\(id)/event", body: #"{"kind":"hello","hourCycle":"h23","visible":true}"#), sink)
        // The saved rows, then the refresh's outcome (offline: the banner), so no interaction carries them.
        await until(presenter) { !$0.rows.isEmpty && $0.status == nil }
        await turns()
        guard let first = presenter.viewState.rows.first?.id else { return print("car-news-web: no rows") }

        let interactions: [(String, String, (CarNewsViewState) -> Bool)] = [
            ("open an article", "open-\(first)", { $0.detail?.isLoading == false }),
            ("close the article", "close", { $0.detail == nil }),
            ("next page (20 cards)", "older", { $0.selectedIndex == ArticlePaging.pageSize + ArticlePaging.pageSize / 2 }),
        ]
        for (name, action, done) in interactions {
            let before = sink.streamBytes
            app.handle(WebBenchmarks.request("POST", "/s/\(id)/event", body: #"{"kind":"click","action":"\#(action)"}"#), sink)
            await until(presenter, done)
            await turns()
            bench.report("car-news-web: bytes sent to \(name)", value: "\(sink.streamBytes - before) B")
        }
    }

    /// The main actor's turns in which the session sends its patches.
    @MainActor
    private static func turns() async {
        for _ in 0..<20 { await Task.yield() }
    }

    /// Returns once `presenter`'s state satisfies `condition` (the effects it waits for run off the main actor).
    @MainActor
    private static func until(_ presenter: CarNewsPresenter, _ condition: @escaping (CarNewsViewState) -> Bool) async {
        await presenter.until(condition)
    }
}

/// Car news on the bench's offline context, for `WebApp`; keeps the feature it launched last.
@MainActor
private final class CarNewsLauncher: PageLauncher {
    let context: FeatureContext
    private(set) var feature: CarNewsFeature?

    init(context: FeatureContext) { self.context = context }

    var homeEntries: [HomeEntry] { [] }
    var assets: [FeatureID: WebAssets] { [CarNewsFeature.manifest.id: CarNewsFeature.webAssets] }
    var fixesHourCycle: Bool { true }

    func cachedImage(forKey key: String) -> CachedImage? { nil }

    func preferences(for browser: BrowserPreferences) -> PagePreferences {
        PagePreferences(locale: Locale(identifier: "en_GB"), hourCycle: .twentyFourHour, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
    }

    func launch(_ id: FeatureID, preferences: PagePreferences) -> LaunchedPage? {
        guard let feature = try? CarNewsFeature(context: context) else { return nil }
        self.feature = feature
        return .running(
            PageFeature(title: "Car News", scene: feature.makeWebScene(), lifecycle: { feature.handle($0) }, close: {}))
    }
}
