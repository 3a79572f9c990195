import FeatureHostCore
import FeatureHostTesting
import Testing

@Suite @MainActor struct EffectRunnerTests {
    let activity = ActivityTracker()

    /// Lets the effects' tasks run until `condition` holds: yields, never a real-time wait, bounded in turns so
    /// a broken runner fails the test instead of hanging it.
    func eventually(_ condition: () -> Bool) async {
        for _ in 0..<100_000 where !condition() { await Task.yield() }
    }

    @Test func workCountsInFlightUntilItsResultIsApplied() async {
        let runner = EffectRunner(activity: activity)
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        var applied: [Int] = []
        var inFlightWhileApplying = -1
        runner.run("load", work: { await stream.first { _ in true } ?? 0 }) { value in
            inFlightWhileApplying = self.activity.inFlight
            applied.append(value)
        }
        #expect(activity.inFlight == 1, "counted from the moment it starts")
        #expect(runner.isRunning("load"))
        continuation.yield(42)
        await eventually { !applied.isEmpty }
        #expect(applied == [42])
        #expect(inFlightWhileApplying == 1, "still counted while its result is applied")
        await eventually { activity.inFlight == 0 }
        #expect(activity.inFlight == 0)
        #expect(!runner.isRunning("load"))
    }

    @Test func theThrowingFormHandsOverTheError() async {
        let runner = EffectRunner(activity: activity)
        var outcome: Result<Int, any Error>?
        runner.run("load", work: { () async throws -> Int in throw FeatureError("no network") }) { outcome = $0 }
        await eventually { outcome != nil }
        #expect(throws: FeatureError("no network")) { try outcome?.get() }
    }

    @Test func aNewEffectWithTheSameIDReplacesTheRunningOne() async {
        let runner = EffectRunner(activity: activity)
        let (first, firstContinuation) = AsyncStream.makeStream(of: String.self)
        var applied: [String] = []
        runner.run("load", work: { await first.first { _ in true } ?? "cancelled" }) { applied.append($0) }
        runner.run("load", work: { "second" }) { applied.append($0) }
        await eventually { applied == ["second"] }
        firstContinuation.finish()
        await eventually { activity.inFlight == 0 }
        #expect(applied == ["second"], "the replaced effect's result is never applied")
        #expect(activity.inFlight == 0)
    }

    @Test func effectsAreCancelledWithTheirOwner() async {
        var runner: EffectRunner? = EffectRunner(activity: activity)
        var applied = false
        // Work that only ends when it is cancelled: an iteration of a stream nobody feeds returns nil then.
        let (never, keepOpen) = AsyncStream.makeStream(of: Bool.self)
        defer { keepOpen.finish() }
        runner?.run("load", work: { await never.first { _ in true } ?? false }) { (_: Bool) in applied = true }
        runner = nil
        await eventually { activity.inFlight == 0 }
        #expect(activity.inFlight == 0, "the cancelled sleep ended and was counted out")
        #expect(!applied)
    }

    @Test func aTimerFiresAtEachDeadlineUntilThereIsNone() async {
        let clock = ManualClock()
        let timeline = MonotonicTimeline(clock: clock)
        let runner = EffectRunner(activity: activity)
        var fired: [Duration] = []
        runner.timer(
            "tick", on: timeline,
            nextDeadline: { fired.count < 3 ? .seconds(fired.count + 1) : nil },
            fire: { fired.append(timeline.now) })
        runner.timer("tick", on: timeline, nextDeadline: { .zero }, fire: { fired.append(.zero) })  // already running: ignored
        await clock.advance(by: .seconds(10))
        #expect(fired == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(!runner.isRunning("tick"))
        #expect(clock.sleeperCount == 0)
        #expect(activity.inFlight == 0, "timers are sleepers, not work in flight")
    }

    @Test func afterFiresOnceAndCancelStopsIt() async {
        let clock = ManualClock()
        let timeline = MonotonicTimeline(clock: clock)
        let runner = EffectRunner(activity: activity)
        var fired = 0
        runner.after("once", deadline: .seconds(2), on: timeline) { fired += 1 }
        runner.after("never", deadline: .seconds(1), on: timeline) { fired += 100 }
        runner.cancel("never")
        await clock.advance(by: .seconds(5))
        #expect(fired == 1)
        #expect(runner.count == 0)
    }
}
