import FeatureHostCore
import Foundation

/// Drives the chats feature: launch screen → loading screen (≥ `loadingDuration`, until the data is ready) →
/// hand-over animation → list. Owns the load, the avatar fetches, the selection and the animation clock.
@MainActor
public final class ChatsPresenter: Presenter {
    public enum Action: PresenterAction {
        /// The feature is on screen: the loading screen starts and the chats start loading.
        case start
        /// A timer deadline passed: an animation step, or local midnight (relative dates change).
        case tick
        case loadFinished(LoadOutcome)
        /// Load again: "Try again" after an error, "Refresh" on the list.
        case reload
        /// Focus a row; `scrollTop` is the first row the surface now draws at the top.
        case select(index: Int, scrollTop: Int)
        /// Focus moves by `delta` rows (clamped), for surfaces without their own layout.
        case moveSelection(by: Int)
        /// The rows the surface has on screen: their avatars load, the others' loads are cancelled.
        case rowsVisible(Range<Int>)
        case avatarFinished(URL, Result<AvatarImage, AvatarFailure>, generation: Int)
        case lifecycle(LifecycleEvent)
    }

    public enum LoadOutcome: Sendable {
        case success(Loaded<[Chat]>)
        case failure(String)
    }

    public private(set) var viewState: ChatsViewState
    public let timing: ChatsTiming

    private let source: ChatsSource
    private let clock: MonotonicTimeline
    private let now: @Sendable () -> Date
    private let activity: ActivityTracker
    private let calendar: Calendar
    private let formatter: ChatRowFormatter
    private let animation: LoadingAnimation
    private let observers = StateObservers<ChatsViewState>()
    private let avatars: AvatarLoader

    private var started: Duration?
    private var handOver: Duration?
    private var chats: [Chat]?
    /// `14 chats · 1,475 unread messages`, computed once per load rather than on every key press.
    private var summary = ""
    private var origin: DataOrigin = .fresh
    private var loadError: String?
    private var refreshError: String?
    private var isLoading = false
    private var referenceDate: Date
    private var selectedIndex = 0
    private var scrollTop = 0
    private var visibleRows: Range<Int> = 0..<0
    private var inBackground = false
    private var timer: Task<Void, Never>?

    /// - Parameter source: where chats come from; the presenter never learns which kind it is.
    public init(context: FeatureContext, source: ChatsSource, timing: ChatsTiming) {
        self.source = source
        self.timing = timing
        clock = context.makeTimeline()
        now = context.now
        activity = context.activity
        calendar = context.calendar
        let strings = ChatsStrings(locale: context.locale)
        formatter = ChatRowFormatter(locale: context.locale, timeZone: context.timeZone, hourCycle: context.hourCycle, strings: strings)
        animation = LoadingAnimation(timing: timing)
        referenceDate = context.now()
        viewState = ChatsViewState(
            screen: .launch, loadingLabel: strings[.loadingAccessibility], loader: animation.loader(at: .zero), loadingLayer: .identity,
            listLayer: animation.layers(progress: 0).list, transitionProgress: 0,
            list: ChatListState(title: strings[.title], content: .loading(strings[.reloading])))
        avatars = AvatarLoader(transport: context.transport)
        avatars.deliver = { [weak self] url, result, generation in
            self?.send(.avatarFinished(url, result, generation: generation))
        }
    }

    isolated deinit {
        timer?.cancel()
        avatars.cancelAll()
    }

    public func observe(_ onChange: @escaping @MainActor (ChatsViewState) -> Void) -> StateObservation {
        observers.add(onChange)
    }

    /// How many frames the presenter asked for, for tests of "no frames between animations".
    public var changeCount: Int { observers.changeCount }

    public func send(_ action: Action) {
        switch action {
        case .start, .lifecycle(.appear):
            guard started == nil else { return }
            started = clock.now
            load()
        case .tick:
            if calendar.startOfDay(for: now()) != calendar.startOfDay(for: referenceDate) { referenceDate = now() }
        case .loadFinished(let outcome):
            finishLoad(outcome)
        case .reload:
            guard started != nil, !isLoading, viewState.screen == .list else { return }
            loadError = nil
            refreshError = nil
            avatars.retryFailed()
            load()
            requestAvatars()
        case .select(let index, let top):
            guard let count = chats?.count, count > 0 else { return }
            selectedIndex = min(max(0, index), count - 1)
            scrollTop = min(max(0, top), selectedIndex)
        case .moveSelection(let delta):
            guard let count = chats?.count, count > 0 else { return }
            selectedIndex = min(max(0, selectedIndex + delta), count - 1)
            scrollTop = min(scrollTop, selectedIndex)
        case .rowsVisible(let range):
            visibleRows = range
            requestAvatars()
        case .avatarFinished(let url, let result, let generation):
            avatars.finish(url, result, generation: generation)
        case .lifecycle(.didEnterBackground):
            inBackground = true
        case .lifecycle(.willEnterForeground):
            inBackground = false
            referenceDate = now()
        }
        publish()
        schedule()
    }

    // MARK: - Loading

    private func load() {
        isLoading = true
        let source = self.source
        let activity = self.activity
        Task { [weak self] in
            let outcome = await Self.fetch(source, activity: activity)
            self?.send(.loadFinished(outcome))
        }
    }

    /// Loads and sorts off the main actor: a large file must not stall the animation. Counted in flight until
    /// sorted, so headless runs and tests wait for the whole load.
    nonisolated private static func fetch(_ source: ChatsSource, activity: ActivityTracker) async -> LoadOutcome {
        await activity.track {
            do {
                let loaded = try await source.load()
                return .success(loaded.map { $0.sortedForDisplay() })
            } catch {
                return .failure(error.userFacingMessage)
            }
        }
    }

    private func finishLoad(_ outcome: LoadOutcome) {
        guard isLoading, let started else { return }
        isLoading = false
        if handOver == nil {
            // The loading screen shows for `loadingDuration` at least, and until the data (or its error) is in.
            handOver = max(timing.loadingDuration, clock.now - started)
        }
        referenceDate = now()
        switch outcome {
        case .success(let loaded):
            let previous = chats.flatMap { $0.indices.contains(selectedIndex) ? $0[selectedIndex].identifier : nil }
            chats = loaded.value
            summary = formatter.summary(
                chatCount: loaded.value.count, unreadCount: loaded.value.reduce(0) { $0 + max(0, $1.unreadMessagesCount) })
            origin = loaded.origin
            loadError = nil
            refreshError = nil
            let count = loaded.value.count
            selectedIndex = previous.flatMap { id in loaded.value.firstIndex { $0.identifier == id } } ?? min(selectedIndex, max(0, count - 1))
            scrollTop = min(scrollTop, selectedIndex)
            requestAvatars()
        case .failure(let message):
            if chats == nil { loadError = message } else { refreshError = message }
        }
    }

    private func requestAvatars() {
        guard let chats, viewState.screen != .launch else { return }
        let rows = visibleRows.clamped(to: chats.indices)
        avatars.want(Set(chats[rows].compactMap(\.avatar)))
    }

    // MARK: - Time

    private func schedule() {
        timer?.cancel()
        timer = nil
        guard started != nil, !inBackground, let deadline = nextDeadline() else { return }
        let clock = self.clock
        timer = Task { [weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            self?.send(.tick)
        }
    }

    /// The next animation step; on the list, the next local midnight (when "Yesterday" moves on).
    private func nextDeadline() -> Duration? {
        guard let started else { return nil }
        if let step = animation.nextDeadline(after: clock.now - started, handOver: handOver) { return started + step }
        let wallNow = now()
        guard let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: wallNow)) else { return nil }
        // Rounded up to the next millisecond: `Date` arithmetic is off by ~0.1 µs, and waking just before
        // midnight would leave the dates a day behind.
        let milliseconds = (max(0, midnight.timeIntervalSince(wallNow)) * 1_000).rounded(.up) + 1
        return clock.now + .milliseconds(Int64(milliseconds))
    }

    // MARK: - State

    private func publish() {
        let old = viewState
        viewState = makeViewState()
        observers.publish(viewState, old: old)
    }

    private func makeViewState() -> ChatsViewState {
        var state = viewState
        state.list = makeListState()
        guard let started else { return state }
        let elapsed = clock.now - started
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
            list.scrollTop = scrollTop
            list.refreshing = isLoading ? strings[.reloading] : nil
            if let refreshError {
                list.notice = strings[.errorTitle] + ": " + refreshError
            } else if case .cached(let savedAt, _) = origin {
                list.notice = strings.format(.cachedNotice, formatter.date(savedAt, now: referenceDate))
            }
            list.keyHints =
                chats.isEmpty
                ? [ChatsKeyHint(key: "r", label: strings[.hintRefresh])]
                : [
                    ChatsKeyHint(key: "↑↓/PgUp/PgDn", label: strings[.hintMove]),
                    ChatsKeyHint(key: "Home/End", label: strings[.hintTopBottom]),
                    ChatsKeyHint(key: "r", label: strings[.hintRefresh]),
                ]
        } else if let loadError, !isLoading {
            list.content = .failed(
                title: strings[.errorTitle], message: loadError, hint: strings[.errorHint], retry: strings[.retryButton])
            list.keyHints = [ChatsKeyHint(key: "r", label: strings[.hintRetry])]
        }
        return list
    }
}
