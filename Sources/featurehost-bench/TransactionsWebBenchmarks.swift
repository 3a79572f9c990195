import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TransactionsFeature
import TransactionsWeb
import WebUI

/// The transactions page on the server side: its render at the spec's 13 rows and at 10,000 (one page of 50
/// rows is drawn: the list is paged), and the bytes one pin toggle sends down the page's event stream.
enum TransactionsWebBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        guard let host = try? TestHost() else { return print("transactions-web: cannot make a test host") }

        // The spec's data, loaded as a page's feature is.
        guard
            let starter = try? TransactionsFeature(context: host.context(id: "transactions", source: SourceConfiguration(kind: .inMemory)))
        else { return print("transactions-web: cannot make the feature") }
        starter.handle(.appear)
        await host.settle()
        let starterScene = starter.makeWebScene()
        bench.measure("transactions-web: render 13 rows (HTML value → bytes)", iterations: 2_000) {
            _ = starterScene.render().render()
        }
        bench.report("transactions-web: page content, 13 rows", value: "\(starterScene.render().render().utf8.count) B")

        let many = generatedPresenter(count: 10_000)
        let manyScene = TransactionsWebScene(presenter: many)
        bench.measure("transactions-web: render 10,000 rows (a page of 50)", iterations: 500) {
            _ = manyScene.render().render()
        }
        bench.report("transactions-web: page content, 10,000 rows", value: "\(manyScene.render().render().utf8.count) B")
        many.send(.switchTab)
        bench.measure("transactions-web: render insights with the ring (10,000)", iterations: 500) {
            _ = manyScene.render().render()
        }

        // One page through `WebApp`: its stream, the hello that makes it appear, then pin toggles.
        for rows in [13, 10_000] {
            let label = rows == 13 ? "13 rows" : "10,000 rows"
            let launcher = BenchPageLauncher(TransactionsFeature.manifest.id, assets: TransactionsFeature.webAssets) {
                rows == 13 ? makeStarterPage(host) : makeGeneratedPage(count: rows)
            }
            let app = WebApp(
                configuration: WebApp.Configuration(access: WebBenchmarks.access),
                launcher: launcher, now: { host.clock.now.offset })
            let sink = BenchStreamSink()
            app.handle(WebBenchmarks.request("GET", "/f/transactions"), sink)
            guard let id = sink.sessionID else { return print("transactions-web: the page did not open a session") }
            app.handle(WebBenchmarks.request("GET", "/s/\(id)/events?v=0"), sink)
            app.handle(
                WebBenchmarks.request("POST", "/s/\(id)/event", body: #"{"kind":"hello","hourCycle":"h23","visible":true}"#), sink)
            await host.settle()
            await turns(until: { false }, limit: 50)
            var sizes: [Int] = []
            for toggle in 0..<20 {
                let before = sink.streamBytes
                // The first row, pinned off and on again; a second row on odd turns so the selection moves too.
                let action = toggle % 4 < 2 ? "pin-0-1" : "pin-1-2"
                app.handle(
                    WebBenchmarks.request("POST", "/s/\(id)/event", body: #"{"kind":"click","action":"\#(action)"}"#), sink)
                await turns(until: { sink.streamBytes != before }, limit: 200)
                await turns(until: { false }, limit: 8)
                sizes.append(sink.streamBytes - before)
            }
            sizes.sort()
            bench.report(
                "transactions-web: bytes sent for one pin toggle, \(label)",
                value: "median \(sizes[sizes.count / 2]) B, max \(sizes.last ?? 0) B")
            app.closeAll()
        }
    }

    /// The main actor's turns, in which the session sends its patch.
    @MainActor
    private static func turns(until done: () -> Bool, limit: Int) async {
        for _ in 0..<limit where !done() { await Task.yield() }
    }

    @MainActor
    private static func makeStarterPage(_ host: TestHost) -> PageFeature? {
        guard
            let feature = try? TransactionsFeature(context: host.context(id: "transactions", source: SourceConfiguration(kind: .inMemory)))
        else { return nil }
        return PageFeature(title: "Transactions", scene: feature.makeWebScene(), lifecycle: { feature.handle($0) }, close: {})
    }

    /// Loaded at once, so appearing starts nothing.
    @MainActor
    private static func makeGeneratedPage(count: Int) -> PageFeature {
        PageFeature(
            title: "Transactions", scene: TransactionsWebScene(presenter: generatedPresenter(count: count)), lifecycle: { _ in },
            close: {})
    }

    /// `TransactionsBenchmarks`' data, loaded into a presenter of its own.
    @MainActor
    static func generatedPresenter(count: Int) -> TransactionsPresenter {
        let transactions = TransactionsBenchmarks.makeTransactions(count)
        let formatting = TransactionFormatting(
            locale: Locale(identifier: "en_US"), currencyCode: "USD", timeZone: TimeZone(identifier: "UTC") ?? .gmt,
            hourCycle: .twelveHour)
        let presenter = TransactionsPresenter(
            source: AnyDataSource(InMemorySource(transactions)), pins: InMemoryPinClient(), formatting: formatting,
            effects: EffectRunner(activity: ActivityTracker()))
        presenter.send(.finishedLoading(.success(Loaded(transactions)), pins: .success([])))
        return presenter
    }
}
