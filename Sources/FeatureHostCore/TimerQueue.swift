/// Timers on one clock, run on the main actor from a single waiter (one main-queue timer on the real clock, a
/// sleeping task on a test's): every timer due at a wake-up fires in it, one after another, in deadline order (ties
/// in the order they were armed).
///
/// A timer that is a task of its own pays, at each deadline, for a sleep on the clock (a dispatch timer), the
/// resumption and the hop to the main actor. A hundred ticking pages of one run share their deadlines, so here they
/// cost one sleep and one hop a deadline between them, and each timer only its callbacks (issue 37: that was about
/// a third of a ticking page's CPU). `MonotonicTimeline.makeTimer` puts a timeline on the continuous clock here.
public final class TimerQueue<C: Clock>: Sendable where C: Sendable, C.Duration == Duration {
    /// A timer's callbacks, kept from `add` until it ends or is stopped.
    private struct Entry: Sendable {
        let nextDeadline: @MainActor () -> C.Instant?
        let fire: @MainActor () -> Void
    }

    private struct Armed {
        let deadline: C.Instant
        /// Arming order: ties between equal deadlines go to the lower.
        let order: UInt64
        let id: UInt64
    }

    private struct Driver {
        let task: Task<Void, Never>
        /// What the task sleeps until (nil while it fires).
        var deadline: C.Instant?
        let generation: UInt64
    }

    private let clock: C
    /// The live timers, by id. Stopping one removes it from any thread; its armed deadline is skipped when it comes.
    private let entries = Locked<[UInt64: Entry]>([:])
    private let ids = Locked<UInt64>(0)
    /// Armed deadlines, earliest first.
    @MainActor private var armed: [Armed] = []
    @MainActor private var order: UInt64 = 0
    @MainActor private var driver: Driver?
    @MainActor private var generation: UInt64 = 0
    /// On the real clock, what the queue waits with instead of a sleeping task; and what it is set for (nil: idle).
    @MainActor private var alarm: MainQueueAlarm?
    @MainActor private var alarmDeadline: C.Instant?
    @MainActor private var firing = false

    /// A queue that waits for its deadlines by sleeping on `clock` (a manual clock's tests advance it).
    public init(clock: C) { self.clock = clock }

    /// A queue on a clock that keeps real time, which waits with one main-queue timer: no task, no worker thread.
    @MainActor
    init(realTime clock: C) {
        self.clock = clock
        alarm = MainQueueAlarm { [weak self] in self?.ring() }
    }

    /// A timer that, once started, calls `fire` at each deadline `nextDeadline()` gives (asked at `start` and after
    /// every `fire`) until it gives nil or the timer is stopped. Stopping it from its own `fire` ends it there.
    public func add(
        nextDeadline: @escaping @MainActor () -> C.Instant?, fire: @escaping @MainActor () -> Void
    ) -> (start: @MainActor @Sendable () -> Void, stop: @Sendable () -> Void) {
        let id = ids.withLock { (next: inout UInt64) -> UInt64 in
            next += 1
            return next
        }
        entries.withLock { $0[id] = Entry(nextDeadline: nextDeadline, fire: fire) }
        return (start: { self.arm(id) }, stop: { self.stop(id) })
    }

    /// How many timers are armed or running (a stopped or ended one no longer counts).
    public var count: Int { entries.withLock { $0.count } }

    private func stop(_ id: UInt64) {
        // Handed out of the lock, so what its callbacks hold is released outside it.
        let removed = entries.withLock { $0.removeValue(forKey: id) }
        _ = removed
    }

    /// Asks the timer for its next deadline and queues it there, waking the driver earlier if it must.
    @MainActor
    private func arm(_ id: UInt64) {
        guard let entry = entries.withLock({ $0[id] }) else { return }
        guard let deadline = entry.nextDeadline() else {
            stop(id)
            return
        }
        // Stopped while its deadline was asked for.
        guard entries.withLock({ $0[id] != nil }) else { return }
        order += 1
        let item = Armed(deadline: deadline, order: order, id: id)
        armed.insert(item, at: insertionIndex(for: item))
        if alarm != nil {
            // While firing, it looks again after.
            if !firing, alarmDeadline.map({ deadline < $0 }) ?? true { setAlarm() }
        } else if let driver {
            // Asleep until later: start over for the new earliest deadline. (While firing, it looks again after.)
            if let sleeping = driver.deadline, deadline < sleeping { restartDriver() }
        } else {
            restartDriver()
        }
    }

    /// The first index whose deadline is later than `item`'s: equal deadlines stay in arming order.
    @MainActor
    private func insertionIndex(for item: Armed) -> Int {
        var low = 0
        var high = armed.count
        while low < high {
            let middle = (low + high) / 2
            if armed[middle].deadline <= item.deadline { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The alarm set for the earliest armed deadline, or idle when none is.
    @MainActor
    private func setAlarm() {
        guard let alarm else { return }
        guard let first = armed.first else {
            alarmDeadline = nil
            alarm.cancel()
            return
        }
        alarmDeadline = first.deadline
        alarm.set(after: clock.now.duration(to: first.deadline))
    }

    /// The alarm's deadline came (or its own clock's idea of it: whatever is not due yet waits for the next).
    @MainActor
    private func ring() {
        alarmDeadline = nil
        firing = true
        fireDue()
        firing = false
        setAlarm()
    }

    @MainActor
    private func restartDriver() {
        driver?.task.cancel()
        generation += 1
        let mine = generation
        let task = Task { @MainActor [weak self] () -> Void in await self?.drive(generation: mine) }
        driver = Driver(task: task, deadline: nil, generation: mine)
    }

    /// Sleeps to the earliest deadline and fires what is due there, until nothing is armed or a newer driver took over.
    @MainActor
    private func drive(generation mine: UInt64) async {
        while driver?.generation == mine {
            guard let first = armed.first else {
                driver = nil
                return
            }
            driver?.deadline = first.deadline
            do {
                try await clock.sleep(until: first.deadline, tolerance: nil)
            } catch {
                return  // cancelled: a newer driver sleeps instead
            }
            guard driver?.generation == mine else { return }
            driver?.deadline = nil
            fireDue()
        }
    }

    /// Fires every timer due now, in order, and arms each again. A timer re-armed for a deadline already past fires
    /// at the next turn of the loop, not in this one, so a callback that keeps asking for "now" cannot hold the main
    /// actor.
    @MainActor
    private func fireDue() {
        let now = clock.now
        let dueCount = armed.firstIndex { $0.deadline > now } ?? armed.count
        let due = armed.prefix(dueCount)
        armed.removeFirst(dueCount)
        for item in due {
            guard let entry = entries.withLock({ $0[item.id] }) else { continue }
            entry.fire()
            arm(item.id)
        }
    }
}

/// The queue every timeline on the continuous clock runs its timers on (`MonotonicTimeline.makeTimer`).
enum ContinuousTimers {
    @MainActor static let queue = TimerQueue(realTime: ContinuousClock())
}
