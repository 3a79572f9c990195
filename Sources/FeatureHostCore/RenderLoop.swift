/// A surface host's one render trigger: renders inside a `RenderTracker`, and when something that render read
/// changes, renders again on the next turn of the main actor. However many changes a turn makes (a key that
/// moves a selection and changes a presenter, a run of timers), that is one render; a change that leaves every
/// value equal is none.
///
/// The host may also render at the end of a turn in which it handled an input (`renderIfStale()`), so the
/// answer goes out in that turn; the render scheduled for the next turn then finds nothing to do. Anything
/// Observation cannot see (a resized terminal) is `setNeedsRender()`.
@MainActor
public final class RenderLoop {
    private let render: @MainActor () -> Void
    private var tracker: RenderTracker?
    /// How many renders ran: the count the tests of "one render per input" read.
    public private(set) var renderCount = 0
    private var stopped = false

    public init(render: @escaping @MainActor () -> Void) {
        self.render = render
        tracker = RenderTracker { [weak self] in
            NextTurnRenders.shared.schedule { self?.renderIfStale() }
        }
    }

    /// Whether a render is due: something the last one read changed.
    public var needsRender: Bool { tracker?.isStale ?? false }

    /// Renders now and tracks what the render reads: the first render, or one the host cannot defer.
    public func renderNow() {
        guard !stopped, let tracker else { return }
        renderCount += 1
        tracker.track(render)
    }

    /// Renders if something the last render read changed; otherwise nothing.
    public func renderIfStale() {
        guard needsRender else { return }
        renderNow()
    }

    /// Schedules a render on the next turn for a change Observation cannot see; coalesced with any other.
    public func setNeedsRender() { tracker?.invalidate() }

    /// No more renders: the surface is gone (the terminal restored, the page closed).
    public func stop() {
        stopped = true
        tracker?.stop()
    }
}

/// The renders due on the next turn of the main actor, run by one task: a hundred pages that a shared change made
/// stale in one turn (the offer's countdown, one per run) cost one task, not a hundred. A render that makes
/// another loop stale schedules it for the turn after, as a task of its own would.
private final class NextTurnRenders: Sendable {
    static let shared = NextTurnRenders()

    private struct State {
        var due: [@MainActor @Sendable () -> Void] = []
        var scheduled = false
    }
    private let state = Locked(State())

    func schedule(_ render: @escaping @MainActor @Sendable () -> Void) {
        let first = state.withLock { state -> Bool in
            state.due.append(render)
            defer { state.scheduled = true }
            return !state.scheduled
        }
        if first { Task { @MainActor in self.run() } }
    }

    @MainActor private func run() {
        let due = state.withLock { state -> [@MainActor @Sendable () -> Void] in
            defer {
                state.due = []
                state.scheduled = false
            }
            return state.due
        }
        for render in due { render() }
    }
}
