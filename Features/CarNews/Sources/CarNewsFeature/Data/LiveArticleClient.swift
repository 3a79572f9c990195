import FeatureHostCore
import Foundation

/// The SQLite `ArticleDatabase` at `file`, opened on first use, that is in an effect off the main actor rather than
/// while the feature is built.
///
/// A file that cannot be opened at all (a directory in its place, no permission; not damage, which the store
/// repairs) costs offline reading, not the feature: the rows then live in a database in memory, and the first
/// `takeNotices()` says so.
final class LiveArticleClient: ArticleClient, @unchecked Sendable {
    let file: URL
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    private var opened: ArticleDatabase?
    private var notices: [String] = []

    init(file: URL, now: @escaping @Sendable () -> Date) {
        self.file = file
        self.now = now
    }

    @concurrent func window(around anchor: ListAnchor, size: Int) async throws -> ArticleWindow {
        try store().window(around: anchor, size: size)
    }

    @concurrent func article(id: Int64) async throws -> Article? { try store().article(id: id) }

    @concurrent func lastRefresh() async throws -> Date? { try store().lastRefresh() }

    @concurrent func save(_ articles: [Article], keeping: Set<Int64>, at date: Date) async throws {
        try store().save(articles, keeping: keeping, at: date)
    }

    @concurrent func takeNotices() async -> [String] {
        let (own, store) = lock.withLock {
            defer { notices.removeAll() }
            return (notices, opened)
        }
        return own + (store?.takeNotices() ?? [])
    }

    private func store() throws -> ArticleDatabase {
        try lock.withLock {
            if let opened { return opened }
            let store: ArticleDatabase
            do {
                store = try ArticleDatabase(file: file, now: now)
            } catch {
                store = try ArticleDatabase(file: nil, now: now)
                notices.append(
                    "Articles cannot be saved for offline reading (\(error.userFacingMessage)); they are kept in memory only.")
            }
            opened = store
            return store
        }
    }
}
