import FeatureHostCore

/// One task that sleeps to each next deadline on a timeline and fires, until there is no next deadline or it
/// is stopped. One long-lived task rather than one per wake-up keeps each wake-up to a single sleep.
/// Released with its owner, it cancels the sleep, so a dropped presenter leaves no sleeper behind.
@MainActor
final class TimerLoop {
    private var task: Task<Void, Never>?

    var isRunning: Bool { task != nil }

    /// Starts the loop unless it runs already. `nextDeadline` is asked before every sleep; nil ends the loop.
    func start(
        on timeline: MonotonicTimeline, nextDeadline: @escaping @MainActor () -> Duration?,
        fire: @escaping @MainActor () -> Void
    ) {
        guard task == nil else { return }
        task = Task { @MainActor [weak self] in
            while !Task.isCancelled, let deadline = nextDeadline() {
                do {
                    try await timeline.sleep(until: deadline)
                } catch {
                    return
                }
                fire()
            }
            if !Task.isCancelled { self?.task = nil }
        }
    }

    func stop() {
        task?.cancel()
        task = nil
    }

    deinit { task?.cancel() }
}
