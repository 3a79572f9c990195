import CarNewsFeature
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// An app makes the presenter itself, with its own source and offline store, as it can the other features'
/// presenters: everything this test uses is public (no `@testable`).
@MainActor
@Suite struct CarNewsInjectionTests {
    @Test func anAppInjectsItsSourceAndStore() async throws {
        let host = try TestHost()
        let published = Date(timeIntervalSince1970: 1_764_000_000)
        let feed = ArticleFeed(articles: [Article(id: 7, title: "Injected", published: published)])
        let store = InMemoryArticleClient()
        let presenter = CarNewsPresenter(
            source: AnyDataSource(InMemorySource(feed)), store: store,
            formatter: PublishDateFormatter(timeZone: .gmt, hourCycle: .twentyFourHour), now: { host.now },
            locale: Locale(identifier: "en_US"), effects: host.makeEffects(),
            timeline: MonotonicTimeline(clock: host.clock), images: host.images)
        let steps = PresenterTestStore(presenter, host: host)
        steps.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await steps.settled(starts: ["refresh"]) {
            $0 = .list([CarNewsViewState.Row(id: 7, title: "Injected", date: "24 November 2025, 16:00", imageLabel: "No image")])
        }
        await steps.finish()
        #expect(try await store.article(id: 7)?.title == "Injected", "the refresh saved into the injected store")
    }
}
