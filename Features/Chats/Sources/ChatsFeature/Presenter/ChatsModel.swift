import FeatureHostCore
import Foundation

/// What the chats screens are, as a value: when the feature appeared and when the hand-over starts, the chats and
/// where they came from, what went wrong, the selection, the rows a surface shows and their avatars. The presenter
/// applies each action to it, derives the view state from it (`ChatsModel+ViewState.swift`), runs the work it asks
/// for (the load, avatar fetches) and keeps its one timer running while `nextDeadline` has one. No I/O, no task and
/// no clock here: the timeline's instant and the wall-clock date come in with each action.
struct ChatsModel: Sendable, Equatable {
    typealias Action = ChatsPresenter.Action

    /// Work an action asks for; an outcome comes back through `finishedLoading` or `finishedAvatar`.
    enum Work: Sendable, Equatable {
        /// Load and sort the chats.
        case load
        /// Fetch an avatar through the host's image cache.
        case fetchAvatar(URL)
        /// Stop fetching an avatar no wanted row shows any more.
        case cancelAvatar(URL)
    }

    /// What the timer's deadlines follow from; when it changes, the timer starts again (the hand-over's steps count
    /// from its own start, so the deadline it sleeps to may have moved).
    struct Schedule: Equatable {
        var started: Duration?
        var handOver: Duration?
        var inBackground: Bool
    }

    let timing: ChatsSettings
    let animation: LoadingAnimation
    /// The user's calendar, for local midnight.
    let calendar: Calendar

    /// When `.appear` came: the launch screen shows from then.
    var started: Duration?
    /// When the hand-over starts, counted from the loading screen's start: once the data (or its error) is in.
    var handOver: Duration?
    var chats: [Chat]?
    /// The unread messages of `chats`, added once per load rather than on every key press.
    var unreadCount = 0
    var origin: DataOrigin = .fresh
    /// What the source said besides the data (a damaged cache moved aside): shown until the next load.
    var sourceNotices: [String] = []
    /// Why the first load failed (nothing to show).
    var loadError: String?
    /// Why a reload failed while the chats loaded before stay on screen.
    var refreshError: String?
    /// From the start of a load until its outcome is applied.
    var isLoading = false
    /// "Now" for relative dates: set by each load, each return to the foreground and at local midnight.
    var referenceDate: Date
    var selectedIndex = 0
    /// The rows a surface reported on screen.
    var visibleRows: Range<Int> = 0..<0
    var inBackground = false
    /// The avatars fetched or being fetched, by URL.
    var avatars: [URL: ImageState] = [:]

    init(timing: ChatsSettings, calendar: Calendar, date: Date) {
        self.timing = timing
        animation = LoadingAnimation(timing: timing)
        self.calendar = calendar
        referenceDate = date
    }

    /// When the loading screen takes over from the launch screen; the loader's time runs from here.
    var loadingStart: Duration? { started.map { $0 + timing.launchDuration } }

    var schedule: Schedule { Schedule(started: started, handOver: handOver, inBackground: inBackground) }

    /// Applies `action` at `now` on the timeline (`date` on the wall clock) and returns the work it asks for.
    mutating func apply(_ action: Action, at now: Duration, date: Date) -> [Work] {
        switch action {
        case .lifecycle(.appear):
            guard started == nil else { return [] }
            started = now
            isLoading = true
            return [.load]
        case .reload:
            guard started != nil, !isLoading, screen(at: now) == .list else { return [] }
            loadError = nil
            refreshError = nil
            // An explicit refresh tries failed avatars again.
            avatars = avatars.filter { _, state in
                if case .failed = state { return false }
                return true
            }
            isLoading = true
            return [.load] + wantAvatars()
        case .finishedLoading(let result):
            return finishLoading(result, at: now, date: date)
        case .finishedAvatar(let url, let result):
            guard avatars[url] == .loading else { return [] }
            switch result {
            case .success(let reference): avatars[url] = .loaded(reference)
            case .failure(let failure): avatars[url] = .failed(failure.message)
            }
            return []
        case .select(let index):
            guard let count = chats?.count, count > 0 else { return [] }
            selectedIndex = min(max(0, index), count - 1)
            return wantAvatars()
        case .moveSelection(let delta):
            guard let count = chats?.count, count > 0 else { return [] }
            selectedIndex = min(max(0, selectedIndex.addingSaturated(delta)), count - 1)
            return wantAvatars()
        case .rowsVisible(let range):
            visibleRows = range
            return wantAvatars()
        case .tick:
            // At local midnight "Yesterday" moves on.
            if calendar.startOfDay(for: date) != calendar.startOfDay(for: referenceDate) { referenceDate = date }
            return []
        case .lifecycle(.didEnterBackground):
            inBackground = true
            return []
        case .lifecycle(.willEnterForeground):
            inBackground = false
            referenceDate = date
            return []
        }
    }

    // MARK: - Loading

    private mutating func finishLoading(_ result: Result<Loaded<[Chat]>, FeatureError>, at now: Duration, date: Date) -> [Work] {
        guard isLoading, let loadingStart else { return [] }
        isLoading = false
        if handOver == nil {
            // The loading screen shows for `loadingDuration` at least, and until the data (or its error) is in;
            // data that arrives during the launch screen still gets the whole loading screen.
            handOver = max(timing.loadingDuration, now - loadingStart)
        }
        referenceDate = date
        switch result {
        case .success(let loaded):
            let previous = chats.flatMap { $0.indices.contains(selectedIndex) ? $0[selectedIndex].identifier : nil }
            chats = loaded.value
            unreadCount = loaded.value.lazy.map { max(0, $0.unreadMessagesCount) }.saturatingSum()
            origin = loaded.origin
            sourceNotices = loaded.notices
            loadError = nil
            refreshError = nil
            let count = loaded.value.count
            selectedIndex =
                previous.flatMap { id in loaded.value.firstIndex { $0.identifier == id } } ?? min(selectedIndex, max(0, count - 1))
            return wantAvatars()
        case .failure(let error):
            if chats == nil { loadError = error.message } else { refreshError = error.message }
            return []
        }
    }

    // MARK: - Avatars

    /// Rows on each side of the selection whose avatars load (the first 20 once loaded): more than a screen
    /// holds, so a surface that never reports its rows still has every avatar it shows.
    static var avatarWindow: Int { ChatsPresenter.avatarWindow }

    /// The avatars of the rows around the selection and on screen are wanted: new ones start loading; loads whose
    /// rows all left are cancelled and forgotten (they start again if the rows come back). A loaded or failed URL
    /// is not asked for again, and rows sharing a URL share its one fetch.
    private mutating func wantAvatars() -> [Work] {
        guard let chats else { return [] }
        var urls = Set<URL>()
        for rows in Self.avatarRows(selected: selectedIndex, visible: visibleRows, count: chats.count) {
            for index in rows { if let url = chats[index].avatar { urls.insert(url) } }
        }
        var work: [Work] = []
        // Sorted, so the same change asks for the same work in the same order.
        for (url, state) in avatars.sorted(by: { $0.key.absoluteString < $1.key.absoluteString })
        where state == .loading && !urls.contains(url) {
            avatars[url] = nil
            work.append(.cancelAvatar(url))
        }
        for url in urls.sorted(by: { $0.absoluteString < $1.absoluteString }) where avatars[url] == nil {
            avatars[url] = .loading
            work.append(.fetchAvatar(url))
        }
        return work
    }

    /// The rows whose avatars load: `avatarWindow` rows each side of the selection, and the rows a surface
    /// reported on screen, within the list.
    static func avatarRows(selected: Int, visible: Range<Int>, count: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let lower = min(max(0, selected - avatarWindow), count)
        let window = lower..<min(count, max(lower, selected + avatarWindow))
        return [window, visible.clamped(to: 0..<count)]
    }

    // MARK: - Time

    /// Whether the timer runs: from `.appear`, while in the foreground.
    var isTimed: Bool { started != nil && !inBackground }

    /// The end of the launch screen, the next animation step; on the list, the next local midnight (when
    /// "Yesterday" moves on). `nil` before `.appear`.
    func nextDeadline(at now: Duration, date: Date) -> Duration? {
        guard let loadingStart else { return nil }
        if now < loadingStart { return loadingStart }
        if let step = animation.nextDeadline(after: now - loadingStart, handOver: handOver) { return loadingStart + step }
        guard let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: date)) else { return nil }
        // Rounded up to the next millisecond: `Date` arithmetic is off by ~0.1 µs, and waking just before
        // midnight would leave the dates a day behind.
        let milliseconds = (max(0, midnight.timeIntervalSince(date)) * 1_000).rounded(.up) + 1
        return now + .milliseconds(Int64(milliseconds))
    }
}
