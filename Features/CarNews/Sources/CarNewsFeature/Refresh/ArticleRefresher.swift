import FeatureHostCore
import Foundation

/// One refresh, off the main actor: load from the configured source, save the good reply in one transaction, and
/// read the list back from the store (so what is shown is what is saved).
public struct ArticleRefresher: Sendable {
    public let source: AnyDataSource<Loaded<ArticleFeed>>
    public let store: ArticleStore
    public let now: @Sendable () -> Date

    public init(source: AnyDataSource<Loaded<ArticleFeed>>, store: ArticleStore, now: @escaping @Sendable () -> Date) {
        self.source = source
        self.store = store
        self.now = now
    }

    @concurrent
    public func refresh() async -> RefreshOutcome {
        // The feature's source never serves a cached copy (`useSharedCache: false`): any value here is fresh.
        let feed: ArticleFeed
        do {
            feed = try await source.load().value
        } catch {
            return .failed(reason: error.userFacingMessage)
        }
        let date = now()
        do {
            try store.save(feed.articles, keeping: Set(feed.skipped.compactMap(\.id)), at: date)
            return .refreshed(
                RefreshedList(
                    summaries: try store.summaries(), refreshedAt: date, skipped: feed.skipped, storeNotices: store.takeNotices())
            )
        } catch {
            // The reply is good: show it even though it cannot be kept for offline use this time.
            var byID: [Int64: Article] = [:]
            for article in feed.articles { byID[article.id] = article }
            return .refreshed(
                RefreshedList(
                    summaries: feed.articles.map(\.summary).sorted(by: ArticleSummary.newestFirst), refreshedAt: date,
                    skipped: feed.skipped,
                    saveProblem: "The articles could not be saved for offline reading: \(error.userFacingMessage)",
                    unsaved: byID, storeNotices: store.takeNotices()))
        }
    }
}
