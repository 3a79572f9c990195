import FeatureHostTesting
import Testing

@testable import FeatureHostCore

/// The queue the continuous clock's timers share, driven here on a manual clock: one sleep per deadline for every
/// timer due at it, in deadline then arming order, and stops that hold from any point.
@MainActor
@Suite struct TimerQueueTests {
    let clock = ManualClock()

    /// A timer that fires at `deadlines` (offsets from zero), logging `name` each time.
    func timer(
        _ queue: TimerQueue<ManualClock>, _ name: String, at deadlines: [Duration], log: Locked<[String]>
    ) -> (start: @MainActor @Sendable () -> Void, stop: @Sendable () -> Void) {
        var next = 0
        return queue.add(
            nextDeadline: {
                guard next < deadlines.count else { return nil }
                return ManualClock.Instant(offset: deadlines[next])
            },
            fire: {
                next += 1
                log.withLock { $0.append(name) }
            })
    }

    /// Lets the driver's task start and go to sleep.
    func settle() async { await MainActorTurns.run(until: { clock.sleeperCount > 0 }) }

    @Test func aHundredTimersOfOneDeadlineShareOneSleep() async {
        let queue = TimerQueue(clock: clock)
        let log = Locked<[String]>([])
        for index in 0..<100 { timer(queue, "\(index)", at: [.seconds(1), .seconds(2)], log: log).start() }
        await settle()
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
        #expect(log.withLock { $0 } == (0..<100).map { "\($0)" }, "each fired once, in the order they were armed")
        await settle()
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
        #expect(log.withLock { $0.count } == 200)
        await MainActorTurns.run(until: { clock.sleeperCount == 0 })
        #expect(queue.count == 0, "every timer ended when it had no deadline left")
        #expect(clock.sleeperCount == 0, "and the driver with them")
    }

    @Test func anEarlierDeadlineArmedLaterFiresFirst() async {
        let queue = TimerQueue(clock: clock)
        let log = Locked<[String]>([])
        timer(queue, "late", at: [.seconds(5)], log: log).start()
        await settle()
        timer(queue, "early", at: [.seconds(1)], log: log).start()
        await MainActorTurns.run(3)
        await clock.advance(by: .seconds(1))
        #expect(log.withLock { $0 } == ["early"])
        await clock.advance(by: .seconds(4))
        #expect(log.withLock { $0 } == ["early", "late"])
    }

    @Test func aStoppedTimerNeverFiresAgain() async {
        let queue = TimerQueue(clock: clock)
        let log = Locked<[String]>([])
        let stopped = timer(queue, "stopped", at: [.seconds(1)], log: log)
        stopped.start()
        timer(queue, "kept", at: [.seconds(1)], log: log).start()
        await settle()
        stopped.stop()
        await clock.advance(by: .seconds(1))
        #expect(log.withLock { $0 } == ["kept"])
    }

    @Test func aTimerStoppedByItsOwnCallbackIsNotArmedAgain() async {
        let queue = TimerQueue(clock: clock)
        let fired = Locked(0)
        let holder = Locked<(@Sendable () -> Void)?>(nil)
        let handle = queue.add(
            nextDeadline: { ManualClock.Instant(offset: .seconds(fired.withLock { $0 } + 1)) },
            fire: {
                fired.withLock { $0 += 1 }
                holder.withLock { $0 }?()
            })
        holder.withLock { $0 = handle.stop }
        handle.start()
        await settle()
        await clock.advance(by: .seconds(3))
        #expect(fired.withLock { $0 } == 1)
        #expect(queue.count == 0)
    }

    @Test func aTimerArmedForAPastDeadlineFiresAtTheNextTurnNotInItsOwnCallback() async {
        let queue = TimerQueue(clock: clock)
        let fired = Locked(0)
        // Always "now": a callback that keeps asking for the present must not hold the main actor in one wake-up.
        let handle = queue.add(nextDeadline: { ManualClock.Instant(offset: .seconds(1)) }, fire: { fired.withLock { $0 += 1 } })
        handle.start()
        await settle()
        await clock.advance(by: .seconds(1))
        let afterOne = fired.withLock { $0 }
        #expect(afterOne >= 1)
        handle.stop()
        await MainActorTurns.run()
        #expect(fired.withLock { $0 } <= afterOne + 1, "stopped, it fires no more")
        #expect(queue.count == 0)
    }

    /// The real clock's queue waits with one main-queue alarm, no task: each deadline fires there, in order, and
    /// what the alarm rings for before a deadline (another clock's idea of it) waits for the next ring.
    @Test(.timeLimit(.minutes(1))) func onTheRealClockTheAlarmFiresEachDeadlineInOrder() async {
        let clock = ContinuousClock()
        let queue = TimerQueue(realTime: clock)
        let start = clock.now
        let log = Locked<[String]>([])
        let (fired, firing) = AsyncStream<Void>.makeStream()
        for (name, offset) in [("late", 40), ("early", 20)] {
            var pending = true
            let handle = queue.add(
                nextDeadline: {
                    defer { pending = false }
                    return pending ? start.advanced(by: .milliseconds(offset)) : nil
                },
                fire: {
                    #expect(clock.now >= start.advanced(by: .milliseconds(offset)), "never before its deadline")
                    log.withLock { $0.append(name) }
                    firing.yield()
                })
            handle.start()
        }
        var count = 0
        for await _ in fired {
            count += 1
            if count == 2 { break }
        }
        #expect(log.withLock { $0 } == ["early", "late"])
        await MainActorTurns.run(until: { queue.count == 0 })
        #expect(queue.count == 0)
    }
}
