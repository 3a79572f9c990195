import CarNewsFeature
import CarNewsTerminal
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI

/// glibc's, which the Swift module does not export: gives freed heap pages back, so RSS is what is in use.
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32

/// Car news at 100,000 articles (issue 27.6), each figure beside its anchor in the same run:
/// - fetch and save: the reply over loopback, decoded, saved in one transaction and the first window read back,
///   against the same fetch, a bare `JSONDecoder` of the same bytes into plain structs and a bare upsert of the
///   same rows through `SQLiteDatabase`;
/// - the first page: the feature opened offline with 100,000 saved, to its first frame;
/// - memory: what a presenter showing 100,000 saved articles keeps resident, less one showing none, per article.
enum CarNewsScaleBenchmarks {
    static let articleCount = 100_000

    @MainActor
    static func run(_ bench: inout Benchmark) async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "featurehost-bench-car-news-scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let now = Date(timeIntervalSince1970: 1_773_664_440)
        do {
            let body = CarNewsBenchmarks.reply(count: articleCount)
            bench.report("car-news-scale: reply of \(articleCount) articles", value: "\(body.count / 1024 / 1024) MiB")
            let server = try LoopbackHTTPServer()
            server.respond(with: .json(String(decoding: body, as: UTF8.self)))
            let transport = LiveHTTPTransport()
            let request = HTTPRequest(url: server.url("articles"), timeout: 120, maximumBodySize: CarNewsFeature.maximumFeedSize)

            let store = try ArticleDatabase(file: directory.appendingPathComponent("fetch/articles.sqlite"), now: { now })
            let fetchAndSave = try await bench.measureAsync("car-news-scale: fetch, decode, save \(articleCount)", iterations: 5) {
                let reply = try await transport.send(request)
                let feed = try ArticleFeedDecoder.decode(reply.body)
                try store.save(feed.articles, at: now)
                let shown = try store.window(around: .index(0))
                precondition(shown.total == articleCount)
            }
            let anchorDatabase = try BareArticleTable(file: directory.appendingPathComponent("anchor/bare.sqlite"))
            let anchor = try await bench.measureAsync(
                "car-news-scale: anchor: fetch, bare JSONDecoder, bare upsert", iterations: 5
            ) {
                let reply = try await transport.send(request)
                let envelope = try JSONDecoder().decode(BareEnvelope.self, from: reply.body)
                try anchorDatabase.upsert(envelope.content)
            }
            bench.report("car-news-scale: fetch+save ÷ anchor", value: String(format: "%.2f×", fetchAndSave / anchor))

            // Saved lists of 100,000 and of none, as past refreshes left them.
            let full = try CarNewsBenchmarks.offlineContext(storage: directory.appendingPathComponent("full"), now: now)
            let empty = try CarNewsBenchmarks.offlineContext(storage: directory.appendingPathComponent("empty"), now: now)
            let feed = try ArticleFeedDecoder.decode(body)
            try ArticleDatabase(file: full.storageDirectory.appendingPathComponent(ArticleDatabase.fileName), now: { now })
                .save(feed.articles, at: now)

            var firstFrame = ""
            await bench.measureAsync("car-news-scale: open offline, \(articleCount) saved, to 1st frame", iterations: 9) {
                guard let feature = try? CarNewsFeature(context: full) else { return }
                let scene = feature.makeScene()
                feature.handle(.appear)
                await CarNewsBenchmarks.rowsShown(feature.presenter)
                firstFrame = scene.render(size: Size(width: 80, height: 23)).plainText()
            }
            if !firstFrame.contains("– don't stop") { print("car-news-scale: the first frame did not show the saved list") }
            await settle()

            let perArticle = await residentBytesPerArticle(full: full, empty: empty)
            bench.report(
                "car-news-scale: resident bytes per saved article (shown)", value: String(format: "%.1f B", perArticle))
        } catch {
            print("car-news-scale: benchmark failed: \(error.userFacingMessage)")
        }
    }

    /// RSS of presenters showing 100,000 saved articles, less that of presenters showing none, per article: ten of
    /// each, appeared and settled (their refreshes fail at once: offline), so one allocator's page is not the figure.
    @MainActor
    static func residentBytesPerArticle(full: FeatureContext, empty: FeatureContext) async -> Double {
        let copies = 10
        func resident(_ context: FeatureContext) async -> (Int, [CarNewsFeature]) {
            trim()
            let before = residentBytes()
            var kept: [CarNewsFeature] = []
            for _ in 0..<copies {
                guard let feature = try? CarNewsFeature(context: context) else { continue }
                feature.handle(.appear)
                _ = await feature.presenter.until { $0.status == nil }
                kept.append(feature)
            }
            await settle()
            trim()
            return (residentBytes() - before, kept)
        }
        let (withNone, keptEmpty) = await resident(empty)
        let (withAll, keptFull) = await resident(full)
        withExtendedLifetime((keptEmpty, keptFull)) {}
        return Double(withAll - withNone) / Double(copies * articleCount)
    }

    /// Lets the effects the opened features started finish.
    @MainActor
    static func settle() async {
        for _ in 0..<200 { await Task.yield() }
    }

    /// Hands freed memory back to the system, so RSS is what is in use.
    static func trim() {
        _ = mallocTrim(0)
    }

    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// The reply as plain structs, with no checks, no date parsing, no skipping: the anchor's decode.
private struct BareEnvelope: Decodable {
    var status: String
    var content: [BareArticle]
}

private struct BareArticle: Codable {
    struct Item: Codable {
        var type: String
        var subject: String
        var description: String
    }

    var id: Int64
    var title: String
    var ingress: String
    var image: String
    var dateTime: String
    var tags: [String]
    var content: [Item]
    var created: Int64?
    var changed: Int64?
}

/// The anchor's table: the same columns, one upsert per row in one transaction, nothing else.
private final class BareArticleTable {
    let database: SQLiteDatabase

    init(file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        database = try SQLiteDatabase(file: file)
        try database.execute(
            "CREATE TABLE IF NOT EXISTS articles (id INTEGER PRIMARY KEY, title TEXT, ingress TEXT, image TEXT, date_time TEXT, "
                + "tags TEXT, content TEXT, created INTEGER, changed INTEGER)")
    }

    func upsert(_ articles: [BareArticle]) throws {
        let encoder = JSONEncoder()
        try database.transaction {
            for article in articles {
                try database.run(
                    """
                    INSERT INTO articles (id, title, ingress, image, date_time, tags, content, created, changed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET title = excluded.title, ingress = excluded.ingress, image = excluded.image,
                        date_time = excluded.date_time, tags = excluded.tags, content = excluded.content,
                        created = excluded.created, changed = excluded.changed
                    """,
                    [
                        .integer(article.id), .text(article.title), .text(article.ingress), .text(article.image),
                        .text(article.dateTime), .text("[]"),
                        .text(article.content.isEmpty ? "[]" : String(decoding: try encoder.encode(article.content), as: UTF8.self)),
                        article.created.map(SQLiteValue.integer) ?? .null, article.changed.map(SQLiteValue.integer) ?? .null,
                    ])
            }
        }
    }
}
