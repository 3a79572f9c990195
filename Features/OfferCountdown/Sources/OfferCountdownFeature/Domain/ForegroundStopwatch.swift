/// Foreground time on a monotonic timeline: it runs only between `start` and `pause`, so time spent in the
/// background never counts. Offsets are the timeline's (`MonotonicTimeline.now`).
struct ForegroundStopwatch: Sendable, Equatable {
    /// Foreground time of the runs that have ended.
    private(set) var banked: Duration = .zero
    /// Where on the timeline the current run began; nil while paused.
    private(set) var runningSince: Duration?

    var isRunning: Bool { runningSince != nil }

    func elapsed(at now: Duration) -> Duration {
        guard let runningSince else { return banked }
        return banked + max(now - runningSince, .zero)
    }

    mutating func start(at now: Duration) {
        guard runningSince == nil else { return }
        runningSince = now
    }

    mutating func pause(at now: Duration) {
        guard runningSince != nil else { return }
        banked = elapsed(at: now)
        runningSince = nil
    }

    /// The timeline offset at which the elapsed foreground time reaches `elapsed`, if running.
    func timelineOffset(reaching elapsed: Duration) -> Duration? {
        guard let runningSince else { return nil }
        return runningSince + (elapsed - banked)
    }
}
