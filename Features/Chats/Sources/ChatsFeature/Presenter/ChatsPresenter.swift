import FeatureHostCore
import Observation
import Foundation

/// Drives the chats feature: launch screen (`launchDuration`) → loading screen (≥ `loadingDuration`, until the
/// data is ready) → hand-over animation → list. The load starts with the launch screen. Owns the load, the avatar fetches, the selection and the animation clock;
/// all of it starts on `.appear`. Async work and the clock are effects of its runner.
@MainActor
@Observable
public final class ChatsPresenter: Presenter {
    public enum Action: PresenterAction {
        /// Load again: "Try again" after an error, "Refresh" on the list.
        case reload
        /// Focus a row (clamped to the list).
        case select(index: Int)
        /// Focus moves by `delta` rows (clamped).
        case moveSelection(by: Int)
        /// The rows a surface has on screen, when it knows them: their avatars load as well as those around
        /// the selection; loads of rows outside both are cancelled.
        case rowsVisible(Range<Int>)
        /// `.appear` starts the loading screen's clock and the load; background stops the clock; foreground
        /// catches up with the time that passed.
        case lifecycle(LifecycleEvent)
    }

    /// Rows on each side of the selection whose avatars load (the first 20 once loaded): more than a screen
    /// holds, so a surface that never reports its rows still has every avatar it shows.
    public static let avatarWindow = 20

    public private(set) var viewState: ChatsViewState
    /// Real changes of `viewState` so far, for tests and the benchmark.
    @ObservationIgnored public private(set) var changeCount = 0
    public let timing: ChatsTiming
    /// The feature's strings in the user's language, for the words a surface adds itself (its key hints).
    public var strings: ChatsStrings { formatter.strings }

    private let source: ChatsSource
    private let timeline: MonotonicTimeline
    private let now: @Sendable () -> Date
    private let calendar: Calendar
    private let formatter: ChatRowFormatter
    private let animation: LoadingAnimation
    private let effects: EffectRunner
    private let avatars: AvatarLoader

    /// When `.appear` came: the launch screen shows from then.
    private var started: Duration?
    /// When the loading screen took over from the launch screen; the loader's time runs from here.
    private var loadingStart: Duration? { started.map { $0 + timing.launchDuration } }
    private var handOver: Duration?
    private var chats: [Chat]?
    /// `14 chats · 1,475 unread messages`, computed once per load rather than on every key press.
    private var summary = ""
    private var origin: DataOrigin = .fresh
    /// What the source said besides the data (a damaged cache moved aside): shown until the next load.
    private var sourceNotices: [String] = []
    private var loadError: String?
    private var refreshError: String?
    private var isLoading = false
    private var referenceDate: Date
    private var selectedIndex = 0
    private var visibleRows: Range<Int> = 0..<0
    private var inBackground = false

    private static let loadID = "load"
    private static let clockID = "clock"

    /// - Parameters:
    ///   - source: where chats come from; the presenter never learns which kind it is.
    ///   - timeline: the clock the animation and the midnight wake-up run on.
    ///   - now: wall-clock time, for relative dates.
    ///   - calendar: the user's calendar, for local midnight.
    ///   - images: the host's image cache, for avatars.
    ///   - effects: the runner the presenter owns; its work is cancelled with it.
    public init(
        source: ChatsSource, timing: ChatsTiming, formatter: ChatRowFormatter, timeline: MonotonicTimeline,
        now: @escaping @Sendable () -> Date, calendar: Calendar, images: any ImageLoading, effects: EffectRunner
    ) {
        self.source = source
        self.timing = timing
        self.formatter = formatter
        self.timeline = timeline
        self.now = now
        self.calendar = calendar
        self.effects = effects
        animation = LoadingAnimation(timing: timing)
        avatars = AvatarLoader(images: images, effects: effects)
        referenceDate = now()
        let strings = formatter.strings
        viewState = ChatsViewState(
            screen: .launch, loadingLabel: strings[.loadingAccessibility], loader: animation.loader(at: .zero), loadingLayer: .identity,
            listLayer: animation.layers(progress: 0).list, transitionProgress: 0,
            list: ChatListState(title: strings[.title], content: .loading(strings[.reloading])))
        avatars.onChange = { [weak self] in self?.refresh() }
    }

    public func send(_ action: Action) {
        switch action {
        case .lifecycle(.appear):
            guard started == nil else { return }
            started = timeline.now
            load()
            startClock()
        case .reload:
            guard started != nil, !isLoading, viewState.screen == .list else { return }
            loadError = nil
            refreshError = nil
            avatars.retryFailed()
            load()
            requestAvatars()
        case .select(let index):
            guard let count = chats?.count, count > 0 else { return }
            selectedIndex = min(max(0, index), count - 1)
            requestAvatars()
        case .moveSelection(let delta):
            guard let count = chats?.count, count > 0 else { return }
            selectedIndex = min(max(0, selectedIndex + delta), count - 1)
            requestAvatars()
        case .rowsVisible(let range):
            visibleRows = range
            requestAvatars()
        case .lifecycle(.didEnterBackground):
            inBackground = true
            effects.cancel(Self.clockID)
        case .lifecycle(.willEnterForeground):
            inBackground = false
            referenceDate = now()
            startClock()
        }
        refresh()
    }

    // MARK: - Loading

    /// Loads and sorts off the main actor (a large file must not stall the animation); counted in flight
    /// until the result is applied.
    private func load() {
        isLoading = true
        let source = self.source
        effects.run(
            Self.loadID, work: { try await source.load().map { $0.sortedForDisplay() } },
            apply: { [weak self] result in self?.finishLoad(result) })
    }

    private func finishLoad(_ result: Result<Loaded<[Chat]>, any Error>) {
        guard isLoading, let loadingStart else { return }
        isLoading = false
        if handOver == nil {
            // The loading screen shows for `loadingDuration` at least, and until the data (or its error) is in;
            // data that arrives during the launch screen still gets the whole loading screen.
            handOver = max(timing.loadingDuration, timeline.now - loadingStart)
            // The hand-over's steps count from its own start: the clock's next wake-up may have moved.
            restartClock()
        }
        referenceDate = now()
        switch result {
        case .success(let loaded):
            let previous = chats.flatMap { $0.indices.contains(selectedIndex) ? $0[selectedIndex].identifier : nil }
            chats = loaded.value
            summary = formatter.summary(
                chatCount: loaded.value.count, unreadCount: loaded.value.lazy.map { max(0, $0.unreadMessagesCount) }.saturatingSum())
            origin = loaded.origin
            sourceNotices = loaded.notices
            loadError = nil
            refreshError = nil
            let count = loaded.value.count
            selectedIndex = previous.flatMap { id in loaded.value.firstIndex { $0.identifier == id } } ?? min(selectedIndex, max(0, count - 1))
            requestAvatars()
        case .failure(let error):
            if chats == nil { loadError = error.userFacingMessage } else { refreshError = error.userFacingMessage }
        }
        refresh()
    }

    private func requestAvatars() {
        guard let chats else { return }
        var urls = Set<URL>()
        for rows in Self.avatarRows(selected: selectedIndex, visible: visibleRows, count: chats.count) {
            for index in rows { if let url = chats[index].avatar { urls.insert(url) } }
        }
        avatars.want(urls)
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

    /// One timer for the whole timeline: it asks `nextDeadline()` before each sleep, so the loader's steps,
    /// the hand-over's and local midnight follow from the pure `LoadingAnimation` without re-arming on sends.
    private func startClock() {
        guard started != nil, !inBackground else { return }
        effects.timer(
            Self.clockID, on: timeline, nextDeadline: { [weak self] in self?.nextDeadline() },
            fire: { [weak self] in self?.tick() })
    }

    private func restartClock() {
        effects.cancel(Self.clockID)
        startClock()
    }

    private func tick() {
        if calendar.startOfDay(for: now()) != calendar.startOfDay(for: referenceDate) { referenceDate = now() }
        refresh()
    }

    /// The end of the launch screen, the next animation step; on the list, the next local midnight (when
    /// "Yesterday" moves on).
    private func nextDeadline() -> Duration? {
        guard let loadingStart else { return nil }
        if timeline.now < loadingStart { return loadingStart }
        if let step = animation.nextDeadline(after: timeline.now - loadingStart, handOver: handOver) { return loadingStart + step }
        let wallNow = now()
        guard let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: wallNow)) else { return nil }
        // Rounded up to the next millisecond: `Date` arithmetic is off by ~0.1 µs, and waking just before
        // midnight would leave the dates a day behind.
        let milliseconds = (max(0, midnight.timeIntervalSince(wallNow)) * 1_000).rounded(.up) + 1
        return timeline.now + .milliseconds(Int64(milliseconds))
    }

    // MARK: - State

    private func refresh() {
        publish(makeViewState())
    }

    /// An equal state is no change: nothing counted, nothing for a surface to render.
    private func publish(_ new: ChatsViewState) {
        guard new != viewState else { return }
        viewState = new
        changeCount += 1
    }

    private func makeViewState() -> ChatsViewState {
        var state = viewState
        state.list = makeListState()
        guard let loadingStart else { return state }
        guard timeline.now >= loadingStart else {
            state.screen = .launch
            return state
        }
        let elapsed = timeline.now - loadingStart
        guard let handOver, elapsed >= handOver else {
            state.screen = .loading
            state.loader = animation.loader(at: elapsed)
            state.loadingLayer = .identity
            state.listLayer = animation.layers(progress: 0).list
            state.transitionProgress = 0
            return state
        }
        let progress = animation.transitionProgress(at: elapsed, handOver: handOver)
        let layers = animation.layers(progress: progress)
        state.transitionProgress = LoadingAnimation.presentation(progress)
        state.loadingLayer = layers.loading
        state.listLayer = layers.list
        if progress < 1 {
            state.screen = .transition
            state.loader = animation.loader(at: elapsed)
        } else {
            // Frozen at the hand-over's end, so the list's state does not change with time.
            state.screen = .list
            state.loader = animation.loader(at: handOver + timing.transitionDuration)
        }
        return state
    }

    private func makeListState() -> ChatListState {
        let strings = formatter.strings
        var list = ChatListState(title: strings[.title], content: .loading(strings[.reloading]))
        if let chats {
            list.content =
                chats.isEmpty
                ? .empty(title: strings[.emptyTitle], message: strings[.emptyMessage])
                : .rows(ChatRows(chats: chats, avatars: avatars.states, now: referenceDate, formatter: formatter))
            list.summary = summary
            list.selectedIndex = chats.isEmpty ? nil : selectedIndex
            list.refreshing = isLoading ? strings[.reloading] : nil
            var notices: [String] = []
            if let refreshError {
                notices.append(strings[.errorTitle] + ": " + refreshError)
            } else if case .cached(let savedAt, let reason) = origin {
                // Why it is offline too: the saved copy alone does not say what to fix.
                notices.append(strings.format(.cachedNotice, formatter.date(savedAt, now: referenceDate)) + ". " + reason)
            }
            notices += sourceNotices
            list.notice = notices.isEmpty ? nil : notices.joined(separator: " ")
        } else if let loadError, !isLoading {
            list.content = .failed(
                title: strings[.errorTitle], message: loadError, hint: strings[.errorHint], retry: strings[.retryButton])
        }
        return list
    }
}
