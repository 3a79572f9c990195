import FeatureHostCore
import Foundation

/// What the car news screen is, as a value: the window of the list it holds, the selection, the refresh, the open
/// article and the images asked for. `apply` changes it and says what work to run (a read, the refresh, an image);
/// `viewState` derives the screen. No I/O, no clock (time comes in as `now`), no task.
///
/// The list itself stays in the store: the model holds a window of it around the selection (`ArticleWindow`) and
/// asks for the window around the selection again when the selection nears an edge, so a list of 100,000
/// articles costs what one of 200 does.
struct CarNewsModel {
    typealias Action = CarNewsPresenter.Action

    /// What the presenter runs for the model; each outcome comes back as an action.
    enum Work: Equatable {
        /// The saved window and the last refresh, when the feature appears (`.savedRead`).
        case readSaved(ListAnchor)
        /// Load, save, read back the window around the anchor (`.refreshFinished`).
        case refresh(ListAnchor)
        /// The window of the saved list around the anchor (`.windowRead`).
        case readWindow(ListAnchor)
        /// One saved article's text (`.articleRead`).
        case readArticle(id: Int64)
        /// The open article was closed: its read is no longer wanted.
        case cancelArticleRead
        /// An article image (`.imageFinished`).
        case fetchImage(URL, image: String)
    }

    /// The open article: the row it was opened from, and its saved text once read.
    struct OpenArticle: Equatable {
        var summary: ArticleSummary
        var article: Article?
        var isLoading = false
        var problem: String?
        var canRefresh = false
    }

    /// What the last good refresh has to say under the list.
    struct RefreshNotes: Equatable {
        /// The server sent no articles, so the list saved at this time was kept.
        var keptSavedAt: Date?
        var skipped = 0
        var saveProblem: String?
    }

    private(set) var hasAppeared = false
    /// From `.appear` (while the saved list is read) until the refresh's outcome is applied.
    private(set) var isRefreshing = false
    /// When the last refresh started, for the foreground's throttle.
    private(set) var lastAttempt: Duration?
    private(set) var lastRefresh: Date?
    private(set) var failure: String?
    private(set) var window = ArticleWindow.empty
    /// The last reply when it could not be saved: its list is paged from here instead of the store.
    private(set) var unsaved: UnsavedArticles?
    private(set) var selectedIndex: Int?
    /// What the running refresh reads its window around.
    private(set) var refreshAnchor: ListAnchor?
    /// The window asked for and not yet read; a read for another anchor (overtaken) is dropped.
    private(set) var pendingWindow: ListAnchor?
    private(set) var sessionNotices: [String] = []
    private(set) var refreshNotes = RefreshNotes()
    private(set) var openArticle: OpenArticle?
    private(set) var images = ArticleImages()

    // MARK: - Actions

    mutating func apply(_ action: Action, at now: Duration) -> [Work] {
        switch action {
        case .lifecycle(.appear):
            return appear(at: now)
        case .lifecycle(.willEnterForeground):
            guard hasAppeared else { return [] }
            if let lastAttempt, now - lastAttempt < CarNewsPresenter.foregroundRefreshInterval { return [] }
            return startRefresh(at: now)
        case .lifecycle(.didEnterBackground):
            return []
        case .refresh:
            return hasAppeared ? startRefresh(at: now) : appear(at: now)
        case .savedRead(let saved):
            if let readError = saved.readError { sessionNotices.append(CarNewsCopy.unreadableList(readError)) }
            sessionNotices += saved.notices
            lastRefresh = saved.lastRefresh
            show(saved.window, keeping: nil)
            // The refresh waits for the read, so the saved rows always come first.
            refreshAnchor = selectionAnchor
            return imageWork() + [.refresh(selectionAnchor)]
        case .refreshFinished(let outcome):
            return finishRefresh(outcome)
        case .windowRead(let anchor, let read):
            guard anchor == pendingWindow else { return [] }
            pendingWindow = nil
            if let readError = read.readError { sessionNotices.append(CarNewsCopy.unreadableList(readError)) }
            sessionNotices += read.notices
            guard read.readError == nil else { return [] }
            window = read.window
            if case .article = anchor { selectedIndex = read.window.anchorIndex }
            selectedIndex = selectedIndex.map { min($0, max(window.total - 1, 0)) }
            if window.total == 0 { selectedIndex = nil }
            return imageWork()
        case .moveSelection(let offset):
            guard openArticle == nil, let index = selectedIndex else { return [] }
            let (moved, overflow) = index.addingReportingOverflow(offset)
            return select(overflow ? (offset < 0 ? 0 : window.total - 1) : moved)
        case .selectFirst:
            guard openArticle == nil, window.total > 0 else { return [] }
            return select(0)
        case .selectLast:
            guard openArticle == nil, window.total > 0 else { return [] }
            return select(window.total - 1)
        case .openSelected:
            guard openArticle == nil, let index = selectedIndex, let summary = window.summary(at: index) else { return [] }
            return open(summary)
        case .articleRead(let id, let result):
            guard var open = openArticle, open.summary.id == id, open.isLoading else { return [] }
            open.isLoading = false
            switch result {
            case .success(let article?): open.article = article
            case .success(nil): (open.problem, open.canRefresh) = (CarNewsCopy.noLongerSaved, true)
            case .failure(let error): open.problem = CarNewsCopy.unreadableArticle(DisplayText.sentence(error.message))
            }
            openArticle = open
            return detailImageWork()
        case .closeDetail:
            guard openArticle != nil else { return [] }
            openArticle = nil
            return [.cancelArticleRead]
        case .imageFinished(let image, let state):
            images.finish(image, with: state)
            return []
        }
    }

    /// Once: read the saved list, show it, then refresh; `Updating…` from the start.
    private mutating func appear(at now: Duration) -> [Work] {
        guard !hasAppeared else { return [] }
        hasAppeared = true
        isRefreshing = true
        lastAttempt = now
        return [.readSaved(.index(0))]
    }

    /// One refresh at a time.
    private mutating func startRefresh(at now: Duration) -> [Work] {
        guard !isRefreshing else { return [] }
        isRefreshing = true
        lastAttempt = now
        refreshAnchor = selectionAnchor
        return [.refresh(selectionAnchor)]
    }

    /// The selected article, wherever the next list has it (its position when it is gone).
    private var selectionAnchor: ListAnchor {
        guard let index = selectedIndex else { return .index(0) }
        guard let id = window.summary(at: index)?.id else { return .index(index) }
        return .article(id: id, orIndex: index)
    }

    private mutating func finishRefresh(_ outcome: RefreshOutcome) -> [Work] {
        isRefreshing = false
        defer { refreshAnchor = nil }
        switch outcome {
        case .failed(let reason):
            failure = DisplayText.sentence(reason)
            return []
        case .refreshed(let list):
            failure = nil
            lastRefresh = list.refreshedAt
            unsaved = list.unsaved
            // A good refresh is a fair moment to try the images that failed again.
            images.forgetFailures()
            // Read around the selection as it was when the refresh started: where it still is, the window knows
            // where that article is now (or, when it is gone, its clamped position).
            let stillSelected = refreshAnchor == nil || refreshAnchor == selectionAnchor
            let selectedID = selectedIndex.flatMap { window.summary(at: $0)?.id }
            var work = stillSelected ? show(list.window, keeping: nil) : show(list.window, keeping: selectedID)
            sessionNotices += list.storeNotices
            refreshNotes = RefreshNotes(
                keptSavedAt: list.keptSaved ? list.refreshedAt : nil, skipped: list.skipped.count,
                saveProblem: list.saveProblem.map(DisplayText.sentence))
            work += imageWork() + detailImageWork()
            return work
        }
    }

    /// Shows a new list's window and keeps the selection on its article: where the window was read around it
    /// (the usual case), or, when the selection moved meanwhile, where the new window has it; else at its position,
    /// clamped, while the window around the article is read.
    @discardableResult
    private mutating func show(_ new: ArticleWindow, keeping selectedID: Int64?) -> [Work] {
        pendingWindow = nil
        let previous = selectedIndex
        window = new
        guard new.total > 0 else {
            selectedIndex = nil
            return []
        }
        guard let selectedID, let previous else {
            selectedIndex = new.anchorIndex ?? 0
            return []
        }
        if let index = new.index(of: selectedID) {
            selectedIndex = index
            return []
        }
        selectedIndex = min(previous, new.total - 1)
        return windowWork(around: .article(id: selectedID, orIndex: min(previous, new.total - 1)))
    }

    // MARK: - The selection and the window

    private mutating func select(_ index: Int) -> [Work] {
        guard window.total > 0 else { return [] }
        selectedIndex = min(max(index, 0), window.total - 1)
        guard let selected = selectedIndex, window.needsRecentring(on: selected) else { return imageWork() }
        return windowWork(around: .index(selected)) + imageWork()
    }

    /// The window around `anchor`: at once from an unsaved reply's list, else read from the store.
    private mutating func windowWork(around anchor: ListAnchor) -> [Work] {
        if let unsaved {
            window = ArticleWindow.around(anchor, in: unsaved.summaries)
            if case .article = anchor { selectedIndex = window.anchorIndex }
            pendingWindow = nil
            return []
        }
        guard pendingWindow != anchor else { return [] }
        pendingWindow = anchor
        return [.readWindow(anchor)]
    }

    // MARK: - The article

    /// An article of an unsaved reply opens at once; a saved one is read from the store, with the row's title,
    /// date and image shown meanwhile.
    private mutating func open(_ summary: ArticleSummary) -> [Work] {
        if let kept = unsaved?.articles[summary.id] {
            openArticle = OpenArticle(summary: summary, article: kept)
            return detailImageWork()
        }
        openArticle = OpenArticle(summary: summary, isLoading: true)
        return detailImageWork() + [.readArticle(id: summary.id)]
    }

    // MARK: - Images

    /// The images of the held rows near the selection that nobody asked for yet.
    private mutating func imageWork() -> [Work] {
        var work: [Work] = []
        for index in ImageWindow.rows(around: selectedIndex, count: window.total) {
            guard let image = window.summary(at: index)?.image, let url = images.ask(image) else { continue }
            work.append(.fetchImage(url, image: image))
        }
        return work
    }

    private mutating func detailImageWork() -> [Work] {
        guard let open = openArticle else { return [] }
        let image = open.article?.image ?? open.summary.image
        return images.ask(image).map { [.fetchImage($0, image: image)] } ?? []
    }

    // MARK: - View state

    /// The screen, formatted: the held rows (not the whole list), the header's status, the banner and notices.
    func viewState(formatter: ArticleFormatter) -> CarNewsViewState {
        var state = CarNewsViewState(
            body: body, rows: formatter.rows(window.summaries, images: images), rowCount: window.total,
            firstRowIndex: window.offset, selectedIndex: selectedIndex, status: isRefreshing ? CarNewsCopy.updating : nil,
            count: CarNewsCopy.count(window.total, formatted: formatter.number(window.total)),
            notices: sessionNotices + refreshNotices(formatter), detail: detail(formatter))
        if let failure, window.total > 0 {
            state.banner = CarNewsViewState.Banner(title: formatter.offlineTitle(lastRefresh: lastRefresh), detail: failure)
        }
        return state
    }

    private func refreshNotices(_ formatter: ArticleFormatter) -> [String] {
        [
            refreshNotes.keptSavedAt.map { CarNewsCopy.emptyReplyKept(formatter.savedWhen($0)) },
            CarNewsCopy.skippedNotice(refreshNotes.skipped, formatted: formatter.number(refreshNotes.skipped)), refreshNotes.saveProblem,
        ].compactMap { $0 }
    }

    private func detail(_ formatter: ArticleFormatter) -> CarNewsViewState.Detail? {
        guard let open = openArticle else { return nil }
        return formatter.detail(
            open.summary, article: open.article, image: images.state(of: open.article?.image ?? open.summary.image),
            isLoading: open.isLoading, problem: open.problem, canRefresh: open.canRefresh)
    }

    private var body: CarNewsViewState.Body {
        if window.total > 0 { return .list }
        if isRefreshing { return .message(CarNewsCopy.loading) }
        if let failure { return .message(CarNewsCopy.loadFailed(failure)) }
        if lastRefresh != nil { return .message(CarNewsCopy.noArticles) }
        return .message(CarNewsCopy.loading)
    }
}
