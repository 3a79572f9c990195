import CarNewsFeature
import CarNewsTerminal
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI

/// Car news with 10,000 articles: decoding and saving a reply, opening the feature offline to its first frame with
/// the saved rows, and formatting publish dates.
enum CarNewsBenchmarks {
    static let articleCount = 10_000

    @MainActor
    static func run(_ bench: inout Benchmark) async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "featurehost-bench-car-news-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = reply(count: articleCount)
        let now = Date(timeIntervalSince1970: 1_773_664_440)
        do {
            let store = try ArticleDatabase(file: directory.appendingPathComponent("refresh/articles.sqlite"), now: { now })
            var feed = try ArticleFeedDecoder.decode(body)
            bench.report("car-news: reply of \(articleCount) articles", value: "\(body.count / 1024) KiB")
            bench.measure("car-news: decode \(articleCount) articles", iterations: 9) {
                feed = (try? ArticleFeedDecoder.decode(body)) ?? feed
            }
            try store.save(feed.articles, at: now)
            bench.measure("car-news: save \(articleCount) (upsert + removal, 1 transaction)", iterations: 9) {
                try? store.save(feed.articles, at: now)
            }
            bench.measure("car-news: decode and save \(articleCount) articles", iterations: 9) {
                guard let decoded = try? ArticleFeedDecoder.decode(body) else { return }
                try? store.save(decoded.articles, at: now)
            }

            let context = try offlineContext(storage: directory.appendingPathComponent("open"), now: now)
            try ArticleDatabase(file: context.storageDirectory.appendingPathComponent(ArticleDatabase.fileName), now: { now })
                .save(feed.articles, at: now)
            var firstFrame = ""
            // As the shell does it: make the scene, the feature appears, and the saved rows are read off the main
            // actor; the frame is drawn once they are shown.
            await bench.measureAsync("car-news: open offline, \(articleCount) saved, to 1st frame", iterations: 9) {
                guard let feature = try? CarNewsFeature(context: context) else { return }
                let scene = feature.makeScene()
                feature.handle(.appear)
                await rowsShown(feature.presenter)
                firstFrame = scene.render(size: Size(width: 80, height: 23)).plainText()
            }
            if !firstFrame.contains("– don't stop") {
                print("car-news: the first frame did not show the saved list:\n\(firstFrame)")
            }
            // Let the refreshes and image fetches the opened features started finish (they fail at once: the transport
            // is offline).
            for _ in 0..<100 { await Task.yield() }

            let formatter = PublishDateFormatter(timeZone: TimeZone(identifier: "Europe/Oslo") ?? .gmt, hourCycle: .twelveHour)
            let dates = feed.articles.map(\.published)
            bench.measure("car-news: format \(articleCount) publish dates", iterations: 9) {
                let year = formatter.currentYear(at: now)
                var length = 0
                for date in dates { length += formatter.string(from: date, currentYear: year).utf8.count }
                precondition(length > 0)
            }
        } catch {
            print("car-news: benchmark setup failed: \(error.userFacingMessage)")
        }
    }

    /// Returns once `presenter` shows rows: the saved list read on `.appear`.
    @MainActor
    static func rowsShown(_ presenter: CarNewsPresenter) async {
        await presenter.until { !$0.rows.isEmpty }
    }

    /// A reply in the API's schema, with its quirks: escaped slashes, a dash as `\u2013`, trailing spaces,
    /// `tags: []`, 0 or 1 content items, `serverTime`.
    static func reply(count: Int) -> Data {
        var text = #"{"status":"success","content":["#
        for index in 0..<count {
            let id = 200_000 - index
            let minutes = index * 97
            let day = 1 + (minutes / 1440) % 28
            let month = 1 + (minutes / 40_320) % 12
            let year = 2017 + (minutes / 483_840) % 10
            let hour = (minutes / 60) % 24
            let date = String(format: "%02d.%02d.%04d %02d:%02d", day, month, year, hour, minutes % 60)
            let content =
                index % 5 == 0
                ? "[]"
                : #"[{"type":"text","subject":"Subject \#(id)","description":"A paragraph of text about car \#(id), long enough to look like the real thing. "}]"#
            if index > 0 { text += "," }
            text +=
                #"{"id":\#(id),"title":"Car \#(id) \u2013 don't stop","ingress":"The ingress of article \#(id). ","image":"https:\/\/www.apphusetreach.no\/sites\/default\/files\/car_\#(id).jpg","dateTime":"\#(date)","tags":[],"content":\#(content),"created":1527257580,"changed":1527257613}"#
        }
        text += #"],"serverTime":1658175403}"#
        return Data(text.utf8)
    }

    /// `offlineContext` with `articleCount` articles saved in its article store, as a past refresh left them.
    static func offlineContextWithSavedArticles(storage: URL) throws -> FeatureContext {
        let now = Date(timeIntervalSince1970: 1_773_664_440)
        let context = try offlineContext(storage: storage, now: now)
        let feed = try ArticleFeedDecoder.decode(reply(count: articleCount))
        try ArticleDatabase(file: context.storageDirectory.appendingPathComponent(ArticleDatabase.fileName), now: { now })
            .save(feed.articles, at: now)
        return context
    }

    /// The feature's context as the host makes it (`FeatureContext.standard`), with no network and an in-memory store.
    static func offlineContext(storage: URL, now: Date) throws -> FeatureContext {
        let url = URL(string: "https://www.apphusetreach.no/application/119267/article/get_articles_list")
        return try FeatureContext.standard(
            id: "car-news", dataDirectory: storage, source: SourceConfiguration(kind: .http, url: url),
            locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "Europe/Oslo") ?? .gmt, hourCycle: .twentyFourHour,
            now: { now }, transport: OfflineTransport(), keyValueStore: InMemoryKeyValueStore())
    }
}

/// No network: every request fails at once, as with the cable pulled.
private struct OfflineTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw HTTPError.cannotConnect(request.url, reason: "there is no network connection")
    }
}
