import FeatureHostCore
import Foundation

/// The feature's offline copy of the articles, as the presenter and the refresher use it. Every call may block
/// on a file, so callers reach it only from effects, off the main actor. `LiveArticleClient` is the SQLite
/// table in the feature's storage directory; `InMemoryArticleClient` keeps the rows for the session only
/// (an `http` source with `"cache": false`, and tests).
public protocol ArticleClient: Sendable {
    /// A window of the offline list around `anchor`, newest first (same minute: higher id first): the list is
    /// paged from the store, never held whole by the presenter.
    func window(around anchor: ListAnchor, size: Int) async throws -> ArticleWindow
    /// One saved article with its content items, or nil when there is no row for `id`.
    func article(id: Int64) async throws -> Article?
    /// When the last good refresh was saved; nil before the first.
    func lastRefresh() async throws -> Date?
    /// Saves a good reply at once: upserts every article, removes the rows the reply no longer has (except
    /// `keeping`: articles it sent that could not be read this time), and records `date` as the last refresh.
    func save(_ articles: [Article], keeping: Set<Int64>, at date: Date) async throws
    /// What happened to the storage since the last call (a damaged file moved aside), to be shown once.
    func takeNotices() async -> [String]
}

extension ArticleClient {
    /// A window of the list for the screen (with `lastRefresh` when `withLastRefresh`), and the notices the read
    /// produced.
    func saved(around anchor: ListAnchor, withLastRefresh: Bool = true) async -> SavedArticles {
        var saved = SavedArticles()
        do {
            saved.window = try await window(around: anchor, size: ArticleWindow.size)
            if withLastRefresh { saved.lastRefresh = try await lastRefresh() }
        } catch {
            saved.readError = error.userFacingMessage
        }
        saved.notices = await takeNotices()
        return saved
    }
}
