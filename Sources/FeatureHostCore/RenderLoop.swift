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
            Task { @MainActor in self?.renderIfStale() }
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
