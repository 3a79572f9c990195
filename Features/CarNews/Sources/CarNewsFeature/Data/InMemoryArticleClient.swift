import FeatureHostCore
import Foundation

/// Articles kept for the session only, with the same rules as the SQLite store: newest first, a save replaces
/// the list but keeps the ids it is told to keep. For an `http` source with `"cache": false`, and for tests.
public final class InMemoryArticleClient: ArticleClient {
    private struct Saved {
        var articles: [Int64: Article] = [:]
        var refreshed: Date?
        /// The list, newest first, sorted once per save rather than per window.
        var sorted: [ArticleSummary]?
    }

    private let saved: Locked<Saved>

    public init(articles: [Article] = [], lastRefresh: Date? = nil) {
        var initial = Saved(refreshed: lastRefresh)
        for article in articles { initial.articles[article.id] = article }
        saved = Locked(initial)
    }

    public func window(around anchor: ListAnchor, size: Int) async throws -> ArticleWindow {
        saved.withLock { saved in
            let list = saved.sorted ?? saved.articles.values.map(\.summary).sorted(by: ArticleSummary.newestFirst)
            saved.sorted = list
            return ArticleWindow.around(anchor, in: list, size: size)
        }
    }

    public func article(id: Int64) async throws -> Article? { saved.withLock { $0.articles[id] } }

    public func lastRefresh() async throws -> Date? { saved.withLock { $0.refreshed } }

    public func save(_ articles: [Article], keeping: Set<Int64>, at date: Date) async throws {
        saved.withLock { saved in
            var kept = saved.articles.filter { keeping.contains($0.key) }
            for article in articles { kept[article.id] = article }
            saved = Saved(articles: kept, refreshed: date, sorted: nil)
        }
    }

    public func takeNotices() async -> [String] { [] }
}
