import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// Timers on a manual clock (`EffectRunner.timer` on a manual timeline): the clock runs them inline on the main
/// actor, with the guarantees a sleeping task had.
@Suite @MainActor struct ClockTimerTests {
    let activity = ActivityTracker()

    @Test func aSelfRearmingTimerSeesEveryTickOfALongAdvanceWithoutAThreadHop() async {
        let clock = TestClock()
        let timeline = MonotonicTimeline(clock: clock)
        let runner = EffectRunner(activity: activity)
        var ticks: [Duration] = []
        runner.timer("tick", on: timeline, nextDeadline: { .seconds(ticks.count + 1) }, fire: { ticks.append(timeline.now) })
        #expect(clock.sleeperCount == 1, "armed when started, before any advance")
        await clock.advance(by: .seconds(3600))
        #expect(ticks.count == 3600)
        let late = ticks.enumerated().filter { $0.element != .seconds($0.offset + 1) }
        #expect(late.isEmpty, "every tick, in order, at its own instant; late: \(late.prefix(3))")
        #expect(clock.settleCount == 0, "no callback left work behind, so the main actor was never yielded")
        #expect(runner.isRunning("tick"))
    }

    @Test func timersAndSleepingTasksWakeInDeadlineOrderTiesInRegistrationOrder() async {
        let clock = TestClock()
        let timeline = MonotonicTimeline(clock: clock)
        let runner = EffectRunner(activity: activity)
        var log: [String] = []
        let task = Task { @MainActor in
            for second in [2, 3] {
                try await timeline.sleep(until: .seconds(second))
                log.append("task \(second)")
            }
        }
        await clock.settle()
        for name in ["a", "b"] {
            var fired = 0
            runner.timer(
                name, on: timeline, nextDeadline: { fired < 3 ? .seconds(fired + 1) : nil },
                fire: {
                    fired += 1
                    log.append("\(name) \(fired)")
                })
        }
        await clock.advance(by: .seconds(5))
        #expect(log == ["a 1", "b 1", "task 2", "a 2", "b 2", "task 3", "a 3", "b 3"])
        #expect(runner.count == 0, "both timers ended when they had no next deadline")
        task.cancel()
    }

    @Test func aTimerCancelledOrReplacedByItsOwnCallbackStopsThere() async {
        let clock = TestClock()
        let timeline = MonotonicTimeline(clock: clock)
        let runner = EffectRunner(activity: activity)
        var log: [String] = []
        runner.timer("stop", on: timeline, nextDeadline: { .seconds(log.count + 1) }) {
            log.append("stop at \(timeline.now)")
            runner.cancel("stop")
        }
        runner.timer("swap", on: timeline, nextDeadline: { .milliseconds(1500) }) {
            log.append("swap")
            // `after` cancels the running timer with this id, its own, and starts another under it.
            runner.after("swap", deadline: .seconds(4), on: timeline) { log.append("replacement at \(timeline.now)") }
        }
        await clock.advance(by: .seconds(10))
        #expect(log == ["stop at 1.0 seconds", "swap", "replacement at 4.0 seconds"])
        #expect(clock.sleeperCount == 0)
        #expect(runner.count == 0)
    }

    @Test func aReleasedRunnerLeavesNoTimerBehind() async {
        let clock = TestClock()
        let timeline = MonotonicTimeline(clock: clock)
        var runner: EffectRunner? = EffectRunner(activity: activity)
        var fired = 0
        runner?.timer("tick", on: timeline, nextDeadline: { .seconds(fired + 1) }, fire: { fired += 1 })
        await clock.advance(by: .seconds(2))
        #expect(fired == 2)
        runner = nil
        #expect(clock.sleeperCount == 0)
        await clock.advance(by: .seconds(2))
        #expect(fired == 2)
    }

    @Test func aTimerArmedForAPastDeadlineFiresOnTheMainActorsNextTurn() async {
        let clock = TestClock()
        await clock.advance(by: .seconds(5))
        let timeline = MonotonicTimeline(clock: clock)
        let runner = EffectRunner(activity: activity)
        var fired: [Duration] = []
        runner.after("late", deadline: .seconds(-1), on: timeline) { fired.append(timeline.now) }
        #expect(fired.isEmpty, "never inside the call that started it")
        await clock.settle()
        #expect(fired == [.zero], "as a task sleeping until a past deadline would, without an advance")
        withExtendedLifetime(runner) {}
    }

    @Test func workACallbackStartsIsLetRunAndAwaitedBeforeTheHostReads() async throws {
        let host = try TestHost()
        let clock = host.clock
        let timeline = MonotonicTimeline(clock: clock)
        let runner = EffectRunner(activity: host.activity)
        var applied: [Int] = []
        var fired = 0
        runner.timer("tick", on: timeline, nextDeadline: { .seconds(fired + 1) }) {
            fired += 1
            let value = fired
            runner.run("work \(value)", work: { value }, apply: { applied.append($0) })
        }
        await clock.advance(by: .seconds(50))
        #expect(clock.settleCount >= 50, "the main actor settled after each callback that left work in flight")
        await host.settle()
        #expect(applied.sorted() == Array(1...50))
        #expect(host.activity.inFlight == 0)
    }

    @Test func aFollowerWithOnlyTimersAdvancesWithoutSuspending() async {
        let clock = ManualClock()
        let timeline = MonotonicTimeline(clock: clock)
        let runner = EffectRunner(activity: activity)
        var ticks = 0
        runner.timer("tick", on: timeline, nextDeadline: { .seconds(ticks + 1) }, fire: { ticks += 1 })
        #expect(clock.advanceWithoutSuspending(to: ManualClock.Instant(offset: .milliseconds(3500))))
        #expect(ticks == 3)
        #expect(clock.now == ManualClock.Instant(offset: .milliseconds(3500)))

        activity.begin()
        #expect(!clock.advanceWithoutSuspending(to: ManualClock.Instant(offset: .seconds(5))), "work in flight needs a settle")
        #expect(ticks == 3, "and nothing ran before it")
        activity.end()
        withExtendedLifetime(runner) {}
    }
}
