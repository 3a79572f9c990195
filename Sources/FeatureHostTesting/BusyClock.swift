import FeatureHostCore

/// A clock that keeps a test clock's time plus the work done so far: time that passes while a presenter's send
/// runs, as on a busy machine, so the instant a tick's view state is derived at and the instant its timer asks
/// for the next deadline differ. Work is added by `work(_:)` or by each read (`perRead`). Sleepers and timers
/// wake on the test clock when this clock reads their deadline.
public final class BusyClock: ManualClockBased, Sendable {
    public let base: TestClock
    private let perRead: Duration
    private let lag = Locked<Duration>(.zero)

    /// - Parameter perRead: work done after each read of `now`.
    public init(base: TestClock, perRead: Duration = .zero) {
        self.base = base
        self.perRead = perRead
    }

    /// `duration` of work: this clock reads that much later from now on.
    public func work(_ duration: Duration) { lag.withLock { $0 += duration } }

    public var now: TestClock.Instant {
        let lag = self.lag.withLock { (lag: inout Duration) -> Duration in
            defer { lag += perRead }
            return lag
        }
        return base.now.advanced(by: lag)
    }
    public var minimumResolution: Duration { .zero }
    public var manualClock: ManualClock { base }

    public func sleep(until deadline: TestClock.Instant, tolerance: Duration?) async throws {
        try await base.sleep(until: wakeUpInstant(for: deadline), tolerance: nil)
    }

    public func wakeUpInstant(for deadline: TestClock.Instant) -> TestClock.Instant {
        deadline.advanced(by: .zero - lag.withLock { $0 })
    }
}
