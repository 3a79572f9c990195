/// Runs a presenter's asynchronous work and timers: the one place a feature creates a `Task`.
///
/// Work runs off the main actor (`@concurrent`, so it stays off even where nonisolated async code would run on the
/// caller's actor); its result is applied on the main actor, and it counts as in flight on the
/// host's `ActivityTracker` from the moment it is started until that result has been applied (or the
/// effect was cancelled), so whoever waits for the host to be idle never reads a state the result has not
/// reached yet. Effects have ids: starting one with the id of a running one replaces it. Everything is
/// cancelled with the runner, and the runner goes with its presenter.
///
/// Timers are not work in flight: they are sleepers on the context's clock, which a manual clock wakes.
@MainActor
public final class EffectRunner {
    private struct Running {
        let generation: UInt64
        /// Cancels the task, or stops the manual clock's timer; callable from `deinit`.
        let stop: @Sendable () -> Void
    }

    private let activity: ActivityTracker
    /// Where each start is noted, in tests; nil in production.
    private let log: EffectLog?
    private var running: [String: Running] = [:]
    private var generation: UInt64 = 0

    /// - Parameter log: notes the id of each effect and timer that starts (a test store asserts them).
    public init(activity: ActivityTracker, log: EffectLog? = nil) {
        self.activity = activity
        self.log = log
    }

    /// Starts `work` off the main actor and hands its value to `apply` on the main actor, unless the effect
    /// was cancelled first. Replaces a running effect with the same id.
    public func run<Value: Sendable>(
        _ id: String, work: @escaping @concurrent @Sendable () async -> Value, apply: @escaping @MainActor (Value) -> Void
    ) {
        cancel(id)
        log?.record(id)
        let generation = nextGeneration()
        let activity = self.activity
        activity.begin()
        let task = Task { @MainActor [weak self] in
            let value = await work()
            if !Task.isCancelled { apply(value) }
            self?.finished(id, generation: generation)
            activity.end()
        }
        running[id] = Running(generation: generation, stop: { task.cancel() })
    }

    /// The throwing form: `apply` gets the value or the error.
    public func run<Value: Sendable>(
        _ id: String, work: @escaping @concurrent @Sendable () async throws -> Value,
        apply: @escaping @MainActor (Result<Value, any Error>) -> Void
    ) {
        run(
            id,
            work: { () async -> ResultBox<Value> in
                do { return ResultBox(result: .success(try await work())) } catch { return ResultBox(result: .failure(error)) }
            }, apply: { box in apply(box.result) })
    }

    /// Starts a timer unless one with this id runs already: it sleeps on `timeline` to each `nextDeadline()`
    /// (asked before every sleep) and calls `fire` there, until `nextDeadline()` is nil or it is cancelled.
    ///
    /// On a manual clock (tests, `snapshot`) the clock runs the timer itself, inline on the main actor, so a
    /// simulated day costs what its callbacks do; elsewhere one long-lived task per timer keeps each wake-up to
    /// a single sleep.
    public func timer(
        _ id: String, on timeline: MonotonicTimeline, nextDeadline: @escaping @MainActor () -> Duration?,
        fire: @escaping @MainActor () -> Void
    ) {
        guard running[id] == nil else { return }
        log?.record(id)
        let generation = nextGeneration()
        let next: @MainActor () -> Duration? = { [weak self] in
            guard let deadline = nextDeadline() else {
                self?.finished(id, generation: generation)
                return nil
            }
            return deadline
        }
        if let timer = timeline.makeTimer(activity: activity, nextDeadline: next, fire: fire) {
            // Recorded before the first deadline is asked for: a timer with none ends at once and clears it.
            running[id] = Running(generation: generation, stop: { timer.stop() })
            timer.start()
            return
        }
        let task = Task { @MainActor in
            while !Task.isCancelled, let deadline = next() {
                do {
                    try await timeline.sleep(until: deadline)
                } catch {
                    return
                }
                fire()
            }
        }
        running[id] = Running(generation: generation, stop: { task.cancel() })
    }

    /// Calls `fire` once at `deadline` on `timeline`, replacing a timer with the same id.
    public func after(_ id: String, deadline: Duration, on timeline: MonotonicTimeline, fire: @escaping @MainActor () -> Void) {
        cancel(id)
        var pending = true
        timer(
            id, on: timeline,
            nextDeadline: {
                defer { pending = false }
                return pending ? deadline : nil
            }, fire: fire)
    }

    /// True while the effect or timer with this id has not finished.
    public func isRunning(_ id: String) -> Bool { running[id] != nil }

    /// How many effects and timers are running.
    public var count: Int { running.count }

    public func cancel(_ id: String) {
        running.removeValue(forKey: id)?.stop()
    }

    private func nextGeneration() -> UInt64 {
        generation += 1
        return generation
    }

    private func finished(_ id: String, generation: UInt64) {
        if running[id]?.generation == generation { running[id] = nil }
    }

    deinit {
        for effect in running.values { effect.stop() }
    }
}

/// Carries a `Result` with an existential error across the actor hop (a `Result<_, any Error>` is Sendable
/// only when its value is, which `run` already requires).
private struct ResultBox<Value: Sendable>: Sendable {
    let result: Result<Value, any Error>
}
