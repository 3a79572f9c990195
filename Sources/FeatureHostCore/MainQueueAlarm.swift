import Dispatch

/// One dispatch timer on the main queue, set again for each next deadline: what `TimerQueue` waits with on the real
/// clock. A sleeping task pays, at each deadline, for a worker thread that resumes it and a hop from there to the
/// main actor; this wakes the main thread alone (issue 37: a ticking page's wake-ups).
@MainActor
final class MainQueueAlarm {
    private let timer: any DispatchSourceTimer

    /// `ring` runs on the main actor at each deadline set with `set(after:)`.
    init(ring: @escaping @MainActor () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler { MainActor.assumeIsolated { ring() } }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    /// Rings once, `delay` from now (at once when it is not positive), instead of any earlier setting.
    func set(after delay: Duration) {
        let (seconds, attoseconds) = delay.components
        // Past a year is never in practice; it stays representable in DispatchTime's nanoseconds.
        let nanoseconds = seconds < 0 ? 0 : min(seconds, 31_536_000) * 1_000_000_000 + attoseconds / 1_000_000_000
        timer.schedule(deadline: .now() + .nanoseconds(Int(max(nanoseconds, 0))), leeway: .nanoseconds(0))
    }

    func cancel() { timer.schedule(deadline: .distantFuture) }
}
