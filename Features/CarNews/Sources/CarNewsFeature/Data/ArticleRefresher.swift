import FeatureHostCore
import Foundation

/// One refresh, off the main actor: load from the configured source, save the good reply at once, and read the
/// list back from the store (so what is shown is what is saved).
struct ArticleRefresher: Sendable {
    let source: AnyDataSource<Loaded<ArticleFeed>>
    let store: any ArticleClient
    let now: @Sendable () -> Date

    /// Reads back the window of the new list around `anchor` (the selection when the refresh started).
    @concurrent
    func refresh(around anchor: ListAnchor) async -> RefreshOutcome {
        // The feature's source never serves a cached copy (`useSharedCache: false`): any value here is fresh.
        let feed: ArticleFeed
        do {
            feed = try await source.load().value
        } catch {
            return .failed(reason: error.userFacingMessage)
        }
        let date = now()
        // A good reply with no articles at all would empty the offline copy, and the next outage would then
        // have nothing to show: keep what is saved, and say so (`RefreshedList.keptSaved`).
        if feed.articles.isEmpty, let kept = await savedWhenEmptied(around: anchor) {
            return .refreshed(kept)
        }
        do {
            try await store.save(feed.articles, keeping: Set(feed.skipped.compactMap(\.id)), at: date)
            let window = try await store.window(around: anchor, size: ArticleWindow.size)
            return .refreshed(
                RefreshedList(window: window, refreshedAt: date, skipped: feed.skipped, storeNotices: await store.takeNotices()))
        } catch {
            // The reply is good: show it even though it cannot be kept for offline use this time.
            let unsaved = UnsavedArticles(feed.articles)
            return .refreshed(
                RefreshedList(
                    window: ArticleWindow.around(anchor, in: unsaved.summaries), refreshedAt: date, skipped: feed.skipped,
                    saveProblem: "The articles could not be saved for offline reading: \(error.userFacingMessage)",
                    unsaved: unsaved, storeNotices: await store.takeNotices()))
        }
    }

    /// The saved list and its date, when there is one to keep; nil when nothing is saved (or it cannot be read),
    /// so the empty reply is saved as the server's answer.
    private func savedWhenEmptied(around anchor: ListAnchor) async -> RefreshedList? {
        guard let window = try? await store.window(around: anchor, size: ArticleWindow.size), window.total > 0 else { return nil }
        let savedAt = (try? await store.lastRefresh()) ?? nil
        return RefreshedList(
            window: window, refreshedAt: savedAt ?? now(), keptSaved: true, storeNotices: await store.takeNotices())
    }
}
