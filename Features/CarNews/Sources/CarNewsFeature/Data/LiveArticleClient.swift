import FeatureHostCore
import Foundation

/// The SQLite `ArticleDatabase` at `file`, opened on first use, that is in an effect off the main actor rather than
/// while the feature is built.
///
/// A file that cannot be opened at all (a directory in its place, no permission; not damage, which the store
/// repairs) costs offline reading, not the feature: the rows then live in a database in memory, and the first
/// `takeNotices()` says so.
public final class LiveArticleClient: ArticleClient {
    let file: URL
    /// The source whose copy this client reads and writes (`ArticleDatabase.origin`).
    let origin: String?
    private let now: @Sendable () -> Date
    /// The database once opened, and what opening it had to say: the lock also makes the first callers wait for
    /// one open rather than each opening the file.
    private let state = Locked<(opened: ArticleDatabase?, notices: [String])>((nil, []))

    public init(file: URL, origin: String?, now: @escaping @Sendable () -> Date) {
        self.file = file
        self.origin = origin
        self.now = now
    }

    @concurrent public func window(around anchor: ListAnchor, size: Int) async throws -> ArticleWindow {
        try store().window(around: anchor, size: size)
    }

    @concurrent public func article(id: Int64) async throws -> Article? { try store().article(id: id) }

    @concurrent public func lastRefresh() async throws -> Date? { try store().lastRefresh() }

    @concurrent public func save(_ articles: [Article], keeping: Set<Int64>, at date: Date) async throws {
        try store().save(articles, keeping: keeping, at: date)
    }

    @concurrent public func takeNotices() async -> [String] {
        let (own, store) = state.withLock { state in
            defer { state.notices.removeAll() }
            return (state.notices, state.opened)
        }
        return own + (store?.takeNotices() ?? [])
    }

    private func store() throws -> ArticleDatabase {
        try state.withLock { state in
            if let opened = state.opened { return opened }
            let store: ArticleDatabase
            do {
                store = try ArticleDatabase(file: file, origin: origin, now: now)
            } catch {
                store = try ArticleDatabase(file: nil, origin: origin, now: now)
                state.notices.append(
                    "Articles cannot be saved for offline reading (\(error.userFacingMessage)); they are kept in memory only.")
            }
            state.opened = store
            return store
        }
    }
}
