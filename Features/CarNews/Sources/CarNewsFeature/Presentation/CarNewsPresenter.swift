import FeatureHostCore
import Foundation

/// The car news list and its article detail. Opening shows the saved rows at once and refreshes in the
/// background; a failed refresh keeps the saved rows under an offline banner; with nothing saved it shows an
/// error screen. Never touches a terminal.
@MainActor
public final class CarNewsPresenter: Presenter {
    public enum Action: PresenterAction, Equatable {
        case lifecycle(LifecycleEvent)
        /// The screen appeared: refresh in the background.
        case opened
        /// `r`: refresh again (ignored while one runs).
        case refresh
        case refreshFinished(RefreshOutcome)
        /// Moves the selection by `n` rows (negative is up), clamped to the list.
        case moveSelection(by: Int)
        case selectFirst
        case selectLast
        /// Enter: opens the selected article.
        case openSelected
        /// Esc in the detail.
        case closeDetail
        /// Sets the detail's first visible line (the scene knows how many lines there are at its width).
        case scrollDetail(to: Int)
    }

    public typealias ViewState = CarNewsViewState

    /// On returning to the foreground, refresh only if the last attempt is older than this: terminal focus comes
    /// and goes often, and each change must not cost a request.
    public static let foregroundRefreshInterval: Duration = .seconds(60)

    public private(set) var viewState: CarNewsViewState
    private let observers = StateObservers<CarNewsViewState>()

    private let refresher: ArticleRefresher
    private let store: ArticleStore
    private let formatter: PublishDateFormatter
    private let now: @Sendable () -> Date
    private let activity: ActivityTracker
    private let timeline: MonotonicTimeline

    // The model the view state is built from.
    private var summaries: [ArticleSummary] = []
    private var rows: [CarNewsViewState.Row] = []
    private var selectedIndex: Int?
    private var lastRefresh: Date?
    private var failure: String?
    private var isRefreshing = false
    private var lastAttempt: Duration?
    private var unsaved: [Int64: Article] = [:]
    private var sessionNotices: [String]
    private var refreshNotices: [String] = []
    private var detail: CarNewsViewState.Detail?

    public init(
        refresher: ArticleRefresher, formatter: PublishDateFormatter, now: @escaping @Sendable () -> Date,
        activity: ActivityTracker, timeline: MonotonicTimeline, notices: [String] = []
    ) {
        self.refresher = refresher
        store = refresher.store
        self.formatter = formatter
        self.now = now
        self.activity = activity
        self.timeline = timeline
        sessionNotices = notices
        viewState = CarNewsViewState(body: .message(Self.loadingMessage))
        loadSaved()
        viewState = makeViewState()
    }

    public func observe(_ onChange: @escaping @MainActor (CarNewsViewState) -> Void) -> StateObservation {
        observers.add(onChange)
    }

    public func send(_ action: Action) {
        switch action {
        case .lifecycle(.willEnterForeground):
            if let lastAttempt, timeline.now - lastAttempt < Self.foregroundRefreshInterval { return }
            startRefresh()
        case .lifecycle(.didEnterBackground):
            return
        case .opened, .refresh, .lifecycle(.appear):
            startRefresh()
        case .refreshFinished(let outcome):
            apply(outcome)
        case .moveSelection(let offset):
            guard detail == nil, let index = selectedIndex else { return }
            selectedIndex = min(max(index + offset, 0), rows.count - 1)
        case .selectFirst:
            guard detail == nil, !rows.isEmpty else { return }
            selectedIndex = 0
        case .selectLast:
            guard detail == nil, !rows.isEmpty else { return }
            selectedIndex = rows.count - 1
        case .openSelected:
            guard detail == nil, let index = selectedIndex else { return }
            detail = makeDetail(for: summaries[index])
        case .closeDetail:
            detail = nil
        case .scrollDetail(let line):
            detail?.scroll = max(0, line)
        }
        publish()
    }

    // MARK: - Loading

    private func loadSaved() {
        do {
            summaries = try store.summaries()
            lastRefresh = try store.lastRefresh()
        } catch {
            sessionNotices.append("The saved articles could not be read: \(error.userFacingMessage)")
        }
        sessionNotices += store.takeNotices()
        rebuildRows(keeping: nil)
    }

    private func startRefresh() {
        guard !isRefreshing else { return }
        isRefreshing = true
        lastAttempt = timeline.now
        // Counted until the outcome is applied on the main actor, so headless runs read the frame after it.
        activity.begin()
        let refresher = self.refresher
        let activity = self.activity
        Task { [weak self] in
            let outcome = await refresher.refresh()
            self?.send(.refreshFinished(outcome))
            activity.end()
        }
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
            rebuildRows(keeping: selectedID)
            sessionNotices += list.storeNotices
            refreshNotices = [Self.skippedNotice(list.skipped.count), list.saveProblem].compactMap { $0 }
        }
    }

    // MARK: - View state

    /// Formats every row once per list change (not per key press), with one "current year" for the whole pass.
    private func rebuildRows(keeping selectedID: Int64?) {
        let currentYear = formatter.currentYear(at: now())
        let previousIndex = selectedIndex
        rows = summaries.map { summary in
            CarNewsViewState.Row(
                id: summary.id, title: DisplayText.line(summary.title),
                date: formatter.string(from: summary.published, currentYear: currentYear),
                imageLabel: ImageLabel.text(for: summary.image))
        }
        if rows.isEmpty {
            selectedIndex = nil
        } else if let selectedID, let index = rows.firstIndex(where: { $0.id == selectedID }) {
            selectedIndex = index
        } else {
            selectedIndex = min(previousIndex ?? 0, rows.count - 1)
        }
    }

    private func makeDetail(for summary: ArticleSummary) -> CarNewsViewState.Detail {
        let article: Article?
        var problem: String?
        if let kept = unsaved[summary.id] {
            article = kept
        } else {
            do {
                article = try store.article(id: summary.id)
                if article == nil { problem = "This article is no longer saved. Press r to refresh the list." }
            } catch {
                article = nil
                problem = "This article's text could not be read: \(error.userFacingMessage)"
            }
        }
        let tags = (article?.tags ?? []).map(DisplayText.line).filter { !$0.isEmpty }
        return CarNewsViewState.Detail(
            id: summary.id, title: DisplayText.line(article?.title ?? summary.title),
            date: formatter.string(from: article?.published ?? summary.published, now: now()),
            imageLabel: ImageLabel.text(for: article?.image ?? summary.image),
            ingress: DisplayText.paragraphs(article?.ingress ?? ""),
            sections: (article?.content ?? []).map {
                .init(subject: DisplayText.line($0.subject), description: DisplayText.paragraphs($0.description))
            },
            tags: tags.isEmpty ? nil : "Tags: " + tags.joined(separator: ", "), problem: problem)
    }

    private func makeViewState() -> CarNewsViewState {
        var state = CarNewsViewState(
            body: body, rows: rows, selectedIndex: selectedIndex, status: isRefreshing ? Self.updatingStatus : nil,
            count: Self.count(rows.count), notices: sessionNotices + refreshNotices, detail: detail)
        if let failure, !rows.isEmpty {
            let title =
                lastRefresh.map { "Offline — last updated \(formatter.string(from: $0, now: now()))" }
                ?? "Offline — showing saved articles"
            state.banner = CarNewsViewState.Banner(title: title, detail: failure, hint: Self.retryHint)
        }
        return state
    }

    private var body: CarNewsViewState.Body {
        if !rows.isEmpty { return .list }
        if isRefreshing { return .message(Self.loadingMessage) }
        if let failure {
            return .message(
                .init(title: "The articles could not be loaded.", detail: failure, hint: Self.retryHint, isError: true))
        }
        if lastRefresh != nil { return .message(.init(title: "There are no articles yet.", hint: "Press r to refresh.")) }
        return .message(Self.loadingMessage)
    }

    private func publish() {
        let old = viewState
        viewState = makeViewState()
        observers.publish(viewState, old: old)
    }

    static let loadingMessage = CarNewsViewState.Message(title: "Loading articles…")
    static let updatingStatus = "Updating…"
    static let retryHint = "Press r to retry."

    static func count(_ count: Int) -> String? {
        switch count {
        case 0: return nil
        case 1: return "1 article"
        default: return "\(count) articles"
        }
    }

    static func skippedNotice(_ count: Int) -> String? {
        switch count {
        case 0: return nil
        case 1: return "1 article from the server could not be read and was skipped."
        default: return "\(count) articles from the server could not be read and were skipped."
        }
    }
}
