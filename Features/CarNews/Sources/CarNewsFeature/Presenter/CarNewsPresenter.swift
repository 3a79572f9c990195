import FeatureHostCore
import Foundation
import Observation

/// The car news list and its article detail. On `.appear` it reads the saved rows, then refreshes in the
/// background; a failed refresh keeps the saved rows under an offline banner; with nothing saved it shows an
/// error screen. What the screen is lives in one `CarNewsModel`; the store, the refresh and the images are
/// reached only through the work it asks for, run as effects off the main actor, whose outcomes come back
/// through `send`. Never touches a surface: scroll positions and key names are the scene's.
@MainActor
@Observable
public final class CarNewsPresenter: Presenter {
    public enum Action: PresenterAction, Equatable {
        /// `.appear` reads the saved list and refreshes; back in the foreground it refreshes at most once a minute.
        case lifecycle(LifecycleEvent)
        /// Refresh again (ignored while one runs).
        case refresh
        /// The saved window and the last refresh, read when the feature appeared.
        case savedRead(SavedArticles)
        case refreshFinished(RefreshOutcome)
        /// A window of the saved list read around `anchor` (the selection neared the edge of the rows held).
        case windowRead(ListAnchor, SavedArticles)
        /// The saved text of article `id`, or nil when it is no longer saved.
        case articleRead(id: Int64, Result<Article?, FeatureError>)
        /// An article image fetched (or not), by the article's `image` field.
        case imageFinished(image: String, ImageState)
        /// Moves the selection by `n` rows (negative is up), clamped to the list.
        case moveSelection(by: Int)
        case selectFirst
        case selectLast
        /// Opens the selected article.
        case openSelected
        /// Back from the article to the list.
        case closeDetail
    }

    public typealias ViewState = CarNewsViewState

    /// On returning to the foreground, refresh only if the last attempt is older than this: terminal focus comes
    /// and goes often, and each change must not cost a request.
    public nonisolated static let foregroundRefreshInterval: Duration = .seconds(60)

    public var viewState: CarNewsViewState { core.viewState }
    /// Real changes of `viewState` so far, for tests and the benchmark.
    public var changeCount: Int { core.changeCount }

    /// What the screen is; `viewState` is derived from it after each action.
    @ObservationIgnored private var model = CarNewsModel()
    @ObservationIgnored private let refresher: ArticleRefresher
    @ObservationIgnored private let store: any ArticleClient
    /// Observed: a render that reads `locale` follows a change of conventions.
    private var formatter: ArticleFormatter
    @ObservationIgnored private let core: PresenterCore<Action, CarNewsViewState>
    @ObservationIgnored private let timeline: MonotonicTimeline
    @ObservationIgnored private let imageLoader: any ImageLoading

    /// - Parameters:
    ///   - source: where a refresh loads the articles from.
    ///   - store: the offline copy the list is paged from (`LiveArticleClient`, or `InMemoryArticleClient`).
    public init(
        source: AnyDataSource<Loaded<ArticleFeed>>, store: any ArticleClient, formatter: PublishDateFormatter,
        now: @escaping @Sendable () -> Date, locale: Locale, effects: EffectRunner, timeline: MonotonicTimeline,
        images: any ImageLoading
    ) {
        refresher = ArticleRefresher(source: source, store: store, now: now)
        self.store = store
        self.formatter = ArticleFormatter(dates: formatter, now: now, locale: locale)
        self.timeline = timeline
        imageLoader = images
        core = PresenterCore(CarNewsViewState(body: .message(CarNewsCopy.loading)), effects: effects)
        core.connect(self)
    }

    /// The user's locale, for the counts a surface formats itself (the web pager's `10,000`).
    public var locale: Locale { formatter.locale }

    /// Formats with other conventions from now on: the same articles and selection, their dates and counts again.
    public func reformat(dates: PublishDateFormatter, locale: Locale) {
        formatter = ArticleFormatter(dates: dates, now: formatter.now, locale: locale)
        core.publish(model.viewState(formatter: formatter))
    }

    /// The one shape of a presenter: the action applied to the model, the view state derived from it (an equal
    /// one is no change), then the work the model asked for.
    public func send(_ action: Action) {
        let work = model.apply(action, at: timeline.now)
        core.publish(model.viewState(formatter: formatter))
        for item in work { run(item) }
    }

    /// Runs off the main actor through the effect runner, which counts the work in flight until its outcome,
    /// sent back as an action, has been applied here.
    private func run(_ work: CarNewsModel.Work) {
        let store = self.store
        switch work {
        case .readSaved(let anchor):
            core.run(Self.savedEffect, work: { await store.saved(around: anchor) }, then: Action.savedRead)
        case .refresh(let anchor):
            let refresher = self.refresher
            core.run(Self.refreshEffect, work: { await refresher.refresh(around: anchor) }, then: Action.refreshFinished)
        case .readWindow(let anchor):
            core.run(
                Self.windowEffect, work: { await store.saved(around: anchor, withLastRefresh: false) },
                then: { .windowRead(anchor, $0) })
        case .readArticle(let id):
            core.run(Self.articleEffect, work: { try await store.article(id: id) }, then: { .articleRead(id: id, $0) })
        case .cancelArticleRead:
            core.cancel(Self.articleEffect)
        case .fetchImage(let url, let image):
            let loader = imageLoader
            core.run(
                "image \(image)",
                work: { () async -> ImageState in
                    do throws(ImageFailure) {
                        return .loaded(try await loader.image(at: url))
                    } catch {
                        return .failed(error.message)
                    }
                },
                then: { .imageFinished(image: image, $0) })
        }
    }

    private static let savedEffect = "saved list"
    private static let refreshEffect = "refresh"
    private static let windowEffect = "window"
    private static let articleEffect = "article"
}
