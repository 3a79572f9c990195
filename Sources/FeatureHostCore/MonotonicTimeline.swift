/// Elapsed time on the host's monotonic clock, as offsets from the moment the timeline was made.
///
/// `FeatureContext.clock` is an `any Clock<Duration>`, whose instants cannot be subtracted without knowing the
/// concrete clock; this opens it once and exposes plain `Duration`s, so presenters measure elapsed time (never
/// count ticks) and sleep to absolute deadlines that do not drift.
public struct MonotonicTimeline: Sendable {
    private let elapsedNow: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void
    /// Set for a clock on a manual clock's time, whose sleepers register on the caller's actor (see
    /// `sleep(until:)`) and whose timers run inline (see `makeTimer`).
    private let manual: (clock: any ManualClockBased, start: ManualClock.Instant)?
    /// Set for the continuous clock: its timers share one queue (`ContinuousTimers`), offsets from this start.
    private let continuousStart: ContinuousClock.Instant?

    public init(clock: any Clock<Duration>) {
        if let continuous = clock as? ContinuousClock {
            let start = continuous.now
            elapsedNow = { start.duration(to: continuous.now) }
            sleeper = { offset in try await continuous.sleep(until: start.advanced(by: offset), tolerance: nil) }
            continuousStart = start
        } else {
            (elapsedNow, sleeper) = Self.open(clock)
            continuousStart = nil
        }
        if let clock = clock as? any ManualClockBased {
            manual = (clock, clock.now)
        } else {
            manual = nil
        }
    }

    private static func open<C: Clock>(_ clock: C) -> (
        @Sendable () -> Duration, @Sendable (Duration) async throws -> Void
    ) where C.Duration == Duration {
        let start = clock.now
        return (
            { start.duration(to: clock.now) },
            { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
        )
    }

    /// Time since the timeline was made.
    public var now: Duration { elapsedNow() }

    /// Sleeps until `offset` after the timeline's start; returns at once if that has passed. Throws on cancellation.
    ///
    /// Runs on the caller's actor: on a manual clock the sleeper is registered before the caller's job ends,
    /// so a timer woken by `ManualClock.advance` has re-armed by the time the main actor is idle again and
    /// no deadline is skipped. (A nonisolated sleep would register later, on another thread.)
    public func sleep(until offset: Duration, isolation: isolated (any Actor)? = #isolation) async throws {
        if let manual {
            let deadline = manual.clock.wakeUpInstant(for: manual.start.advanced(by: offset))
            try await manual.clock.manualClock.sleep(until: deadline, isolation: isolation)
        } else {
            try await sleeper(offset)
        }
    }

    public func sleep(for duration: Duration, isolation: isolated (any Actor)? = #isolation) async throws {
        try await sleep(until: now + duration, isolation: isolation)
    }

    /// A timer that runs without a task of its own, calling `fire` at each `nextDeadline()` (offsets on this
    /// timeline): on a manual clock the clock runs it inline (`ManualClock.Timer`); on the continuous clock it joins
    /// the timers every timeline there shares (`TimerQueue`). Nil on any other clock, where a timer is a task that
    /// sleeps. Not started yet.
    @MainActor
    func makeTimer(
        activity: ActivityTracker, nextDeadline: @escaping @MainActor () -> Duration?, fire: @escaping @MainActor () -> Void
    ) -> TimelineTimer? {
        if let start = continuousStart {
            let timer = ContinuousTimers.queue.add(
                nextDeadline: {
                    guard let offset = nextDeadline() else { return nil }
                    return start.advanced(by: offset)
                }, fire: fire)
            return TimelineTimer(start: timer.start, stop: timer.stop)
        }
        guard let (clock, start) = manual else { return nil }
        let timer = clock.manualClock.makeTimer(
            activity: activity,
            nextDeadline: {
                guard let offset = nextDeadline() else { return nil }
                return clock.wakeUpInstant(for: start.advanced(by: offset))
            }, fire: fire)
        return TimelineTimer(start: { timer.start() }, stop: { timer.stop() })
    }
}

/// A timer a clock runs itself (`MonotonicTimeline.makeTimer`): started once, stopped from any thread.
struct TimelineTimer: Sendable {
    let start: @MainActor @Sendable () -> Void
    let stop: @Sendable () -> Void
}

/// A clock that keeps a manual clock's time: `ManualClock` itself, or a test's stand-in over one (a clock whose
/// wake-ups come late). Timelines on it sleep and run timers on `manualClock` directly.
public protocol ManualClockBased: Clock<Duration> where Instant == ManualClock.Instant {
    var manualClock: ManualClock { get }
    /// The instant on `manualClock` when a sleep until `deadline` on this clock ends.
    func wakeUpInstant(for deadline: ManualClock.Instant) -> ManualClock.Instant
}

extension ManualClock: ManualClockBased {
    public var manualClock: ManualClock { self }
    public func wakeUpInstant(for deadline: Instant) -> Instant { deadline }
}

extension Duration {
    /// The duration in seconds as a `Double`, for animation progress and display.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
