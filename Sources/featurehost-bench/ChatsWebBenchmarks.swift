import ChatsFeature
import ChatsWeb
import FeatureHostCore
import FeatureHostTesting
import Foundation
import WebUI

/// The chats page on the server side: rendering the list with the bundled sample (14 chats; the spec's
/// data.plist had 5) and with 10,000 (one page of 20 rows is drawn, so the two should be close), the page's
/// size, and the bytes one interaction sends (↓ moves the selection: two rows' attributes, not the list).
enum ChatsWebBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        for count in [14, 10_000] {
            guard let host = try? TestHost() else { return print("chats-web: cannot make a test host") }
            let chats = count == 14 ? nil : ChatsBenchmarks.makeChats(count)
            let launcher = ChatsLauncher(host: host, chats: chats)
            let app = WebApp(
                configuration: WebApp.Configuration(access: WebBenchmarks.access),
                launcher: launcher, now: { host.clock.now.offset })
            let label = count.formatted(.number.locale(Locale(identifier: "en_US")))

            // One page, its stream, the hello that makes it appear; then past the hand-over to the list.
            let sink = BenchStreamSink()
            app.handle(WebBenchmarks.request("GET", "/f/chats"), sink)
            guard let id = sink.sessionID, let scene = launcher.scene else { return print("chats-web: the page did not open a session") }
            app.handle(WebBenchmarks.request("GET", "/s/\(id)/events?v=0"), sink)
            app.handle(WebBenchmarks.request("POST", "/s/\(id)/event", body: #"{"kind":"hello","hourCycle":"h23","visible":true}"#), sink)
            let beforeLoading = sink.streamBytes
            for _ in 0..<120 {
                await host.advance(by: .milliseconds(25))
                await turns()
            }
            guard scene.presenter.viewState.screen == .list else { return print("chats-web: the list did not show") }
            bench.report(
                "chats-web: sent, appear → list, \(label) chats",
                value: "\(sink.streamBytes - beforeLoading) B")

            let html = scene.render().render()
            bench.report("chats-web: list HTML, \(label) chats", value: "\(html.utf8.count / 1_000) kB")
            bench.measure("chats-web: render the list, \(label) chats", iterations: 200) {
                _ = scene.render().render()
            }

            for (name, body) in [
                ("↓", #"{"kind":"key","action":"","key":"ArrowDown"}"#),
                ("click a row", #"{"kind":"click","action":"select-3"}"#),
                ("next page", #"{"kind":"click","action":"page-next"}"#),
            ] where count > 20 || !name.contains("page") {
                let before = sink.streamBytes
                app.handle(WebBenchmarks.request("POST", "/s/\(id)/event", body: body), sink)
                await host.settle()
                await turns()
                bench.report("chats-web: sent, \(name), \(label) chats", value: "\(sink.streamBytes - before) B")
            }
            app.closeAll()
        }
    }

    /// The main actor's turns in which the session renders, diffs and sends its patch.
    @MainActor
    private static func turns() async {
        for _ in 0..<4 { await Task.yield() }
    }
}

/// The chats feature on the bench's manual clock, for `WebApp`: the bundled sample, or `chats` when given.
@MainActor
private final class ChatsLauncher: PageLauncher {
    let host: TestHost
    let chats: [Chat]?
    private(set) var scene: ChatsWebScene?

    init(host: TestHost, chats: [Chat]?) {
        self.host = host
        self.chats = chats
    }

    var homeEntries: [HomeEntry] { [] }
    var assets: [FeatureID: WebAssets] { [ChatsFeature.manifest.id: ChatsFeature.webAssets] }
    var fixesHourCycle: Bool { true }

    func cachedImage(forKey key: String) -> CachedImage? { nil }

    func preferences(for browser: BrowserPreferences) -> PagePreferences {
        PagePreferences(locale: Locale(identifier: "en_US"), hourCycle: .twentyFourHour, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
    }

    func launch(_ id: FeatureID, preferences: PagePreferences) -> LaunchedPage? {
        guard let context = try? host.context(for: ChatsFeature.self, source: SourceConfiguration(kind: .inMemory)) else { return nil }
        let presenter: ChatsPresenter
        if let chats {
            let source: ChatsSource = AnyDataSource { Loaded(chats) }
            presenter = ChatsFeature.makePresenter(context: context, source: source, timing: .standard)
        } else {
            guard let feature = try? ChatsFeature(context: context) else { return nil }
            presenter = feature.presenter
        }
        let scene = ChatsWebScene(presenter: presenter)
        self.scene = scene
        return .running(
            PageFeature(title: "Chats", scene: scene, lifecycle: { presenter.send(.lifecycle($0)) }, close: {}))
    }
}
