import Foundation

/// A timer's two callbacks, kept by the clock while the timer is armed or running.
final class ClockTimer {
    let id: UInt64
    let nextDeadline: @MainActor () -> ManualClock.Instant?
    let fire: @MainActor () -> Void

    init(id: UInt64, nextDeadline: @escaping @MainActor () -> ManualClock.Instant?, fire: @escaping @MainActor () -> Void) {
        self.id = id
        self.nextDeadline = nextDeadline
        self.fire = fire
    }
}

extension ManualClock {
    /// A timer that runs on this clock's `advance`, on the main actor, without a task of its own.
    public struct Timer: Sendable {
        let clock: ManualClock
        let id: UInt64

        /// Asks for the first deadline and arms the timer, or ends it when there is none.
        @MainActor public func start() { clock.arm(id) }

        /// Ends the timer, from any thread: it is disarmed, and a timer stopped by its own callback is not
        /// armed again.
        public func stop() { clock.stopTimer(id) }
    }

    /// Makes a timer that, once started, calls `fire` at each deadline `nextDeadline()` gives, asked at `start()`
    /// and after every `fire`, until it gives nil or the timer is stopped. `advance` calls it directly, in
    /// deadline order with every other sleeper, and lets the main actor settle afterwards only when work is in
    /// flight on `activity` (what the callback may have started).
    @MainActor
    public func makeTimer(
        activity: ActivityTracker?, nextDeadline: @escaping @MainActor () -> Instant?, fire: @escaping @MainActor () -> Void
    ) -> Timer {
        let id: UInt64 = lock.withLock {
            nextID += 1
            timers[nextID] = ClockTimer(id: nextID, nextDeadline: nextDeadline, fire: fire)
            if let activity, !watched.contains(where: { $0 === activity }) { watched.append(activity) }
            return nextID
        }
        return Timer(clock: self, id: id)
    }

    /// Arms the timer with this id, if it has not been stopped.
    @MainActor
    func arm(_ id: UInt64) {
        lock.lock()
        let timer = timers[id]
        lock.unlock()
        if let timer { arm(timer) }
    }

    /// Asks the timer for its next deadline and queues it there.
    @MainActor
    private func arm(_ timer: ClockTimer) {
        guard let deadline = timer.nextDeadline() else {
            _ = takeTimer(timer.id)
            return
        }
        lock.lock()
        // Stopped while its deadline was asked for (the callback may cancel its own effect).
        let armed = timers[timer.id] != nil
        if armed {
            nextID += 1
            sleepers.append(Sleeper(id: nextID, deadline: deadline, wake: .timer(timer)))
        }
        let due = armed && deadline <= current
        lock.unlock()
        // A task that sleeps until a past deadline runs again at once; a timer armed for one outside `advance`
        // fires on the main actor's next turn likewise, instead of waiting for the next advance. (Within one,
        // the running `advance` wakes it next.)
        if due, advancing == 0 {
            Task { @MainActor [weak self] in
                guard let self, self.advancing == 0 else { return }
                await self.advance(by: .zero)
            }
        }
    }

    /// Runs a due timer's callback and arms it again, unless the callback stopped it. Returns whether the
    /// main actor must settle before the next wake-up.
    @MainActor
    func wake(_ timer: ClockTimer) -> Bool {
        timer.fire()
        arm(timer)
        return mustSettleAfterwards
    }

    func stopTimer(_ id: UInt64) {
        let stopped = takeTimer(id)
        lock.withLock { sleepers.removeAll { $0.timerID == id } }
        _ = stopped
    }

    /// Removes the timer and hands it out, so its callbacks (and what they capture) are released outside the
    /// lock: a release may end an owner whose deinit stops timers.
    private func takeTimer(_ id: UInt64) -> ClockTimer? {
        lock.withLock { timers.removeValue(forKey: id) }
    }

    /// Whether work is in flight on one of `trackers`. Read outside the lock: a tracker's probes may call into
    /// a plugin.
    static func anyInFlight(_ trackers: [ActivityTracker]) -> Bool {
        var index = 0
        while index < trackers.count {
            if trackers[index].inFlight > 0 { return true }
            index += 1
        }
        return false
    }
}
