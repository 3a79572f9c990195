import FeatureHostCore
import Observation
import Foundation

/// The car news list and its article detail. On `.appear` it reads the saved rows, then refreshes in the
/// background; a failed refresh keeps the saved rows under an offline banner; with nothing saved it shows an
/// error screen. The store, the refresh and the images are reached only through effects, off the main actor.
/// Never touches a surface: scroll positions and key names are the scene's.
@MainActor
@Observable
public final class CarNewsPresenter: Presenter {
    public enum Action: PresenterAction, Equatable {
        /// `.appear` reads the saved list and refreshes; back in the foreground it refreshes at most once a minute.
        case lifecycle(LifecycleEvent)
        /// Refresh again (ignored while one runs).
        case refresh
        case refreshFinished(RefreshOutcome)
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
    public static let foregroundRefreshInterval: Duration = .seconds(60)

    public private(set) var viewState: CarNewsViewState
    /// Real changes of `viewState` so far, for tests and the benchmark.
    @ObservationIgnored public private(set) var changeCount = 0

    private let refresher: ArticleRefresher
    private let store: any ArticleStoreClient
    private let formatter: ArticleFormatter
    private let effects: EffectRunner
    private let timeline: MonotonicTimeline
    private let imageLoader: any ImageLoading

    // The model the view state is built from.
    private var hasAppeared = false
    private var summaries: [ArticleSummary] = []
    private var rows: [CarNewsViewState.Row] = []
    private var selectedIndex: Int?
    private var lastRefresh: Date?
    private var failure: String?
    /// From `.appear` (while the saved list is read) until the refresh's outcome is applied.
    private var isRefreshing = false
    private var lastAttempt: Duration?
    private var unsaved: [Int64: Article] = [:]
    private var sessionNotices: [String] = []
    private var refreshNotices: [String] = []
    private var detail: CarNewsViewState.Detail?
    /// The open article's `image` field, whose state the detail follows.
    private var detailImage: String?
    private var images = ArticleImages()

    init(
        refresher: ArticleRefresher, formatter: PublishDateFormatter, now: @escaping @Sendable () -> Date,
        effects: EffectRunner, timeline: MonotonicTimeline, images: any ImageLoading
    ) {
        self.refresher = refresher
        store = refresher.store
        self.formatter = ArticleFormatter(dates: formatter, now: now)
        self.effects = effects
        self.timeline = timeline
        imageLoader = images
        viewState = CarNewsViewState(body: .message(CarNewsCopy.loading))
    }

    public func send(_ action: Action) {
        switch action {
        case .lifecycle(.appear):
            appear()
        case .lifecycle(.willEnterForeground):
            guard hasAppeared else { return }
            if let lastAttempt, timeline.now - lastAttempt < Self.foregroundRefreshInterval { return }
            startRefresh()
        case .lifecycle(.didEnterBackground):
            return
        case .refresh:
            if hasAppeared { startRefresh() } else { appear() }
        case .refreshFinished(let outcome):
            apply(outcome)
        case .moveSelection(let offset):
            guard detail == nil, let index = selectedIndex else { return }
            selectedIndex = min(max(index + offset, 0), rows.count - 1)
            requestImages()
        case .selectFirst:
            guard detail == nil, !rows.isEmpty else { return }
            selectedIndex = 0
            requestImages()
        case .selectLast:
            guard detail == nil, !rows.isEmpty else { return }
            selectedIndex = rows.count - 1
            requestImages()
        case .openSelected:
            guard detail == nil, let index = selectedIndex else { return }
            open(summaries[index])
        case .closeDetail:
            effects.cancel(Self.articleEffect)
            detail = nil
            detailImage = nil
        }
        update()
    }

    // MARK: - Loading

    /// Once: read the saved list, show it, then refresh. The refresh waits for the read so the saved rows always
    /// come first, and `Updating…` shows from the start.
    private func appear() {
        guard !hasAppeared else { return }
        hasAppeared = true
        isRefreshing = true
        lastAttempt = timeline.now
        let store = self.store
        effects.run(
            Self.savedEffect, work: { await store.saved() },
            apply: { [weak self] saved in
                guard let self else { return }
                applySaved(saved)
                runRefresh()
                update()
            })
    }

    private func applySaved(_ saved: SavedArticles) {
        if let readError = saved.readError {
            sessionNotices.append(CarNewsCopy.unreadableList(readError))
        }
        sessionNotices += saved.notices
        summaries = saved.summaries
        lastRefresh = saved.lastRefresh
        rebuildRows(keeping: nil)
    }

    private func startRefresh() {
        guard !isRefreshing else { return }
        isRefreshing = true
        lastAttempt = timeline.now
        runRefresh()
    }

    private func runRefresh() {
        let refresher = self.refresher
        effects.run(
            Self.refreshEffect, work: { await refresher.refresh() },
            apply: { [weak self] outcome in self?.send(.refreshFinished(outcome)) })
    }

    private func apply(_ outcome: RefreshOutcome) {
        isRefreshing = false
        switch outcome {
        case .failed(let reason):
            failure = reason
        case .refreshed(let list):
            failure = nil
            lastRefresh = list.refreshedAt
            unsaved = list.unsaved
            let selectedID = selectedIndex.map { rows[$0].id }
            summaries = list.summaries
            // A good refresh is a fair moment to try the images that failed again.
            images.forgetFailures()
            rebuildRows(keeping: selectedID)
            sessionNotices += list.storeNotices
            refreshNotices = [
                list.keptSaved ? CarNewsCopy.emptyReplyKept(formatter.savedWhen(list.refreshedAt)) : nil,
                CarNewsCopy.skippedNotice(list.skipped.count), list.saveProblem,
            ].compactMap { $0 }
            requestDetailImage()
        }
    }

    // MARK: - The article

    /// An article fetched by the last refresh but not saved opens at once; a saved one is read from the store,
    /// with the row's title, date and image shown meanwhile.
    private func open(_ summary: ArticleSummary) {
        if let kept = unsaved[summary.id] {
            showDetail(summary, article: kept)
            return
        }
        showDetail(summary, article: nil, isLoading: true)
        let store = self.store
        let id = summary.id
        effects.run(
            Self.articleEffect, work: { try await store.article(id: id) },
            apply: { [weak self] result in
                guard let self, detail?.id == id else { return }
                switch result {
                case .success(let article?):
                    showDetail(summary, article: article)
                case .success(nil):
                    showDetail(summary, article: nil, problem: CarNewsCopy.noLongerSaved, canRefresh: true)
                case .failure(let error):
                    showDetail(summary, article: nil, problem: CarNewsCopy.unreadableArticle(error.userFacingMessage))
                }
                update()
            })
    }

    private func showDetail(
        _ summary: ArticleSummary, article: Article?, isLoading: Bool = false, problem: String? = nil, canRefresh: Bool = false
    ) {
        let image = article?.image ?? summary.image
        detailImage = image
        detail = formatter.detail(
            summary, article: article, image: images.state(of: image), isLoading: isLoading, problem: problem,
            canRefresh: canRefresh)
        requestDetailImage()
    }

    // MARK: - Images

    /// Asks for the images of the rows near the selection that nobody asked for yet.
    private func requestImages() {
        for index in ImageWindow.rows(around: selectedIndex, count: rows.count) {
            let image = summaries[index].image
            if let url = images.watch(row: index, showing: image) { fetchImage(url, for: image) }
            rows[index].image = images.state(of: image)
        }
    }

    private func requestDetailImage() {
        guard let image = detailImage else { return }
        if let url = images.ask(image) { fetchImage(url, for: image) }
        detail?.image = images.state(of: image)
    }

    private func fetchImage(_ url: URL, for image: String) {
        let loader = imageLoader
        effects.run(
            "image \(image)",
            work: { () async -> ImageState in
                do throws(ImageFailure) {
                    return .loaded(try await loader.image(at: url))
                } catch {
                    return .failed(error.message)
                }
            },
            apply: { [weak self] state in
                guard let self else { return }
                for index in images.finish(image, with: state) { rows[index].image = state }
                if detailImage == image { detail?.image = state }
                update()
            })
    }

    // MARK: - View state

    /// Formats every row once per list change (not per key press) and keeps the selection on its article.
    private func rebuildRows(keeping selectedID: Int64?) {
        let previousIndex = selectedIndex
        rows = formatter.rows(summaries, images: images)
        if rows.isEmpty {
            selectedIndex = nil
        } else if let selectedID, let index = rows.firstIndex(where: { $0.id == selectedID }) {
            selectedIndex = index
        } else {
            selectedIndex = min(previousIndex ?? 0, rows.count - 1)
        }
        images.unwatchRows()
        requestImages()
    }

    private func update() {
        var state = CarNewsViewState(
            body: body, rows: rows, selectedIndex: selectedIndex, status: isRefreshing ? CarNewsCopy.updating : nil,
            count: CarNewsCopy.count(rows.count), notices: sessionNotices + refreshNotices, detail: detail)
        if let failure, !rows.isEmpty {
            state.banner = CarNewsViewState.Banner(title: formatter.offlineTitle(lastRefresh: lastRefresh), detail: failure)
        }
        publish(state)
    }

    /// An equal state is no change: nothing counted, nothing for a surface to render.
    private func publish(_ new: ViewState) {
        guard new != viewState else { return }
        viewState = new
        changeCount += 1
    }

    private var body: CarNewsViewState.Body {
        if !rows.isEmpty { return .list }
        if isRefreshing { return .message(CarNewsCopy.loading) }
        if let failure { return .message(CarNewsCopy.loadFailed(failure)) }
        if lastRefresh != nil { return .message(CarNewsCopy.noArticles) }
        return .message(CarNewsCopy.loading)
    }

    private static let savedEffect = "saved list"
    private static let refreshEffect = "refresh"
    private static let articleEffect = "article"
}
