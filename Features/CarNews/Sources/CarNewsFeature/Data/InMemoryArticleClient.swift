import Foundation

/// Articles kept for the session only, with the same rules as the SQLite store: newest first, a save replaces
/// the list but keeps the ids it is told to keep. For an `http` source with `"cache": false`, and for tests.
final class InMemoryArticleClient: ArticleClient, @unchecked Sendable {
    private let lock = NSLock()
    private var articles: [Int64: Article] = [:]
    private var refreshed: Date?
    /// The list, newest first, sorted once per save rather than per window.
    private var sorted: [ArticleSummary]?

    init(articles: [Article] = [], lastRefresh: Date? = nil) {
        for article in articles { self.articles[article.id] = article }
        refreshed = lastRefresh
    }

    func window(around anchor: ListAnchor, size: Int) async throws -> ArticleWindow {
        lock.withLock {
            let list = sorted ?? articles.values.map(\.summary).sorted(by: ArticleSummary.newestFirst)
            sorted = list
            return ArticleWindow.around(anchor, in: list, size: size)
        }
    }

    func article(id: Int64) async throws -> Article? { lock.withLock { articles[id] } }

    func lastRefresh() async throws -> Date? { lock.withLock { refreshed } }

    func save(_ articles: [Article], keeping: Set<Int64>, at date: Date) async throws {
        lock.withLock {
            var kept = self.articles.filter { keeping.contains($0.key) }
            for article in articles { kept[article.id] = article }
            self.articles = kept
            sorted = nil
            refreshed = date
        }
    }

    func takeNotices() async -> [String] { [] }
}
