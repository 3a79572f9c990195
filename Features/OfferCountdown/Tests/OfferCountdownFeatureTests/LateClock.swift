import FeatureHostCore
import FeatureHostTesting
import Foundation

/// A clock that tells the test clock's time but wakes every sleeper late, by a repeatable pseudo-random
/// delay: how a busy main actor or a slow terminal delays timer wake-ups. It keeps the test clock's time, so
/// timelines on it run their timers on the test clock, each wake-up late by its own delay.
final class LateClock: ManualClockBased, @unchecked Sendable {
    typealias Instant = TestClock.Instant

    let base: TestClock
    private let lock = NSLock()
    private var seed: UInt64
    private let maximumDelay: Duration

    init(base: TestClock, maximumDelay: Duration, seed: UInt64 = 0x5EED) {
        self.base = base
        self.maximumDelay = maximumDelay
        self.seed = seed
    }

    var now: Instant { base.now }
    var minimumResolution: Duration { .zero }

    var manualClock: ManualClock { base }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await base.sleep(until: wakeUpInstant(for: deadline), tolerance: nil)
    }

    func wakeUpInstant(for deadline: Instant) -> Instant { deadline.advanced(by: nextDelay()) }

    /// A quarter of the wake-ups are on time; the rest are late by up to `maximumDelay`.
    private func nextDelay() -> Duration {
        lock.lock()
        defer { lock.unlock() }
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let draw = seed >> 33
        guard draw % 4 != 0 else { return .zero }
        let millis = Int64(maximumDelay / .milliseconds(1))
        return .milliseconds(Int64(draw % UInt64(max(millis, 1))))
    }
}
