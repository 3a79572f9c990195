import Foundation

/// A manual clock for tests and headless snapshots: time moves only when `advance` is called, and what sleeps
/// on it wakes in deadline order (ties in the order it went to sleep), each at its own instant.
///
/// Two kinds of sleeper share one queue. A *timer* (`startTimer`, which `EffectRunner.timer` uses on a manual
/// timeline) is a callback that `advance` calls directly on the main actor, then asks for its next deadline:
/// no task is resumed and nothing hops threads, so a wake-up costs what the callback does. A *task* asleep in
/// `sleep(until:)` is resumed, and `advance` waits until it runs again and lets the main actor settle, as any
/// code that sleeps on a timeline directly needs. After a timer that left work in flight on a tracker the
/// clock watches, the main actor settles too; see `advance(to:)`.
public final class ManualClock: Clock, @unchecked Sendable {
    // @unchecked: state any thread reaches is under `lock`; the followers and the settling are the main actor's.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// What wakes at a deadline.
    enum Wake {
        /// A task suspended in `sleep(until:)`.
        case task(CheckedContinuation<Void, any Error>)
        /// A timer, called on the main actor.
        case timer(ClockTimer)
    }

    struct Sleeper {
        /// Registration order: ties between equal deadlines go to the lower id.
        let id: UInt64
        let deadline: Instant
        let wake: Wake

        var timerID: UInt64? {
            if case .timer(let timer) = wake { return timer.id }
            return nil
        }
    }

    struct FollowerSlot {
        weak var follower: (any ManualClockFollower)?
        /// The last instant the follower was moved to.
        var reached: Instant
    }

    /// Guards the state below that other threads reach: a task may sleep, or be cancelled, from any thread.
    let lock = NSLock()
    @MainActor var followers: [FollowerSlot] = []
    var current = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    /// Tasks resumed by `advance` that have not started running again yet.
    var waking: Set<UInt64> = []
    var nextID: UInt64 = 0
    /// The armed and running timers, by id; a stopped timer is removed, so it is never armed again.
    var timers: [UInt64: ClockTimer] = [:]
    /// The trackers of the timers' owners, read to tell whether a timer's callback left work running. Held
    /// strongly: read after every wake-up, and a host has one (a plugin, one of its own).
    var watched: [ActivityTracker] = []
    /// Set once a task has slept on this clock. From then on `advance` lets the main actor settle before and
    /// after its run and after every wake-up, as it always did: such a task, or one about to sleep, may be
    /// queued on the main actor where the clock cannot see it.
    var tasksSleep = false
    /// How many `advance` calls are running; a timer armed for a past deadline outside one needs a run of its own.
    @MainActor var advancing = 0
    /// How many times the main actor has been let settle: how many wake-ups cost a round trip through it.
    @MainActor public private(set) var settleCount = 0
    /// How many times the main actor yields per settle; enough for a woken task to re-arm its timer.
    private let settleYields: Int

    public init(settleYields: Int = 3) { self.settleYields = settleYields }

    public var now: Instant { lock.withLock { current } }

    public var minimumResolution: Duration { .zero }

    /// How many tasks and timers are asleep on this clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// The earliest deadline anything sleeps until. Asked across the plugin boundary before every wake-up
    /// of a plugin's clock, hence a plain loop (see `popDue`).
    public var nextDeadline: Instant? {
        lock.lock()
        defer { lock.unlock() }
        var earliest: Instant?
        for sleeper in sleepers {
            if let found = earliest, found <= sleeper.deadline { continue }
            earliest = sleeper.deadline
        }
        return earliest
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleep(until: deadline, isolation: nil)
    }

    /// Sleeps on the caller's actor: the sleeper is registered synchronously, before the caller's job ends.
    public func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
        try Task.checkCancellation()
        let id: UInt64 = lock.withLock {
            tasksSleep = true
            nextID += 1
            return nextID
        }
        defer { lock.withLock { _ = waking.remove(id) } }
        try await withTaskCancellationHandler(
            operation: {
                try await withCheckedThrowingContinuation(isolation: isolation) { (continuation: CheckedContinuation<Void, Error>) in
                    lock.lock()
                    if deadline <= current {
                        lock.unlock()
                        continuation.resume()
                        return
                    }
                    sleepers.append(Sleeper(id: id, deadline: deadline, wake: .task(continuation)))
                    lock.unlock()
                }
            },
            onCancel: {
                let cancelled: Sleeper? = lock.withLock {
                    guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                    return sleepers.remove(at: index)
                }
                if case .task(let continuation) = cancelled?.wake { continuation.resume(throwing: CancellationError()) }
            }, isolation: isolation)
    }

    /// Moves time forward by `duration`, waking each sleeper at its own deadline, in order.
    @MainActor
    public func advance(by duration: Duration) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Wakes everything due up to `target` in deadline order, interleaved with the followers' deadlines, and
    /// ends with this clock and its followers at `target`.
    ///
    /// Timers run inline, one after another, with no suspension while they leave no work behind. The main
    /// actor is let settle (`settleYields` yields) where something may be waiting for it: before the run when
    /// nothing sleeps yet (a task just started may be about to) or work is in flight; after a timer that left
    /// work in flight; after each woken task, once it runs again; and throughout, once tasks sleep here.
    @MainActor
    public func advance(to target: Instant) async {
        advancing += 1
        defer { advancing -= 1 }
        if mustSettleBeforeRun { await settle() }
        while true {
            // A follower's deadline goes first only when strictly earlier: at a tie this clock's own sleepers
            // wake first, in the order they went to sleep.
            if let (index, deadline) = dueFollower(before: target), nextDeadline.map({ deadline < $0 }) ?? true {
                await moveFollower(at: index, from: deadline, through: target)
                continue
            }
            guard let sleeper = popDue(before: target) else { break }
            switch sleeper.wake {
            case .timer(let timer):
                if wake(timer) { await settle() }
            case .task(let continuation):
                continuation.resume()
                await waitUntilRunning(sleeper.id)
                await settle()
            }
        }
        lock.withLock { if current < target { current = target } }
        for index in followers.indices { await moveFollower(at: index, to: target) }
        if mustSettleAfterwards { await settle() }
    }

    /// Does `advance(to:)` as far as it can without suspending: runs the due timers in order and returns true
    /// once the clock is at `target` with nothing left to let run. Returns false where `advance(to:)` would
    /// suspend (work in flight, a task or a follower to wake, nothing asleep yet); `advance(to:)` then does
    /// the rest. A plugin's clock takes this path, so the host's wait for it ends without a thread hop.
    @MainActor
    public func advanceWithoutSuspending(to target: Instant) -> Bool {
        guard followers.isEmpty || !followers.contains(where: { $0.follower != nil }), !mustSettleBeforeRun else { return false }
        while true {
            switch popDueTimer(before: target) {
            case .timer(let timer): if wake(timer) { return false }
            case .task: return false  // left for `advance(to:)` to resume
            case .reached: return true
            }
        }
    }

    /// Waits until the woken sleeper's task runs again: a resumed task may first pass through another thread,
    /// and a fixed number of yields is no guarantee on a busy machine. Bounded in real time, in case the task
    /// is blocked on something else.
    @MainActor
    private func waitUntilRunning(_ id: UInt64) async {
        let limit = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
        while lock.withLock({ waking.contains(id) }), DispatchTime.now().uptimeNanoseconds < limit {
            await Task.yield()
        }
    }

    /// Lets the main actor run what is queued on it.
    @MainActor
    public func settle() async {
        settleCount += 1
        for _ in 0..<settleYields { await Task.yield() }
    }

    /// Before a run: tasks sleep here, nothing sleeps yet, or work is in flight.
    @MainActor
    private var mustSettleBeforeRun: Bool {
        lock.lock()
        let quiet = !tasksSleep && !sleepers.isEmpty
        let trackers = watched
        lock.unlock()
        return !quiet || Self.anyInFlight(trackers)
    }

    /// After a timer's callback, and at the end of a run: tasks sleep here, or work is in flight.
    @MainActor
    var mustSettleAfterwards: Bool {
        lock.lock()
        let tasks = tasksSleep
        let trackers = watched
        lock.unlock()
        return tasks || Self.anyInFlight(trackers)
    }

    /// Removes and returns the earliest sleeper due by `target` (the lowest id among equal deadlines), and
    /// moves time to its deadline.
    func popDue(before target: Instant) -> Sleeper? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = earliest(), sleepers[index].deadline <= target else { return nil }
        let sleeper = sleepers.remove(at: index)
        if current < sleeper.deadline { current = sleeper.deadline }
        if case .task = sleeper.wake { waking.insert(sleeper.id) }
        return sleeper
    }

    enum DueTimer {
        case timer(ClockTimer)
        /// A task is due first; it needs `advance(to:)`.
        case task
        /// Nothing is due by the target, and time has moved to it.
        case reached
    }

    /// `popDue` for `advanceWithoutSuspending`, which also moves time to `target` under the same lock once
    /// nothing is due: one lock a wake-up less on a plugin's every tick.
    func popDueTimer(before target: Instant) -> DueTimer {
        lock.lock()
        defer { lock.unlock() }
        guard let index = earliest(), sleepers[index].deadline <= target else {
            if current < target { current = target }
            return .reached
        }
        guard case .timer(let timer) = sleepers[index].wake else { return .task }
        if current < sleepers[index].deadline { current = sleepers[index].deadline }
        sleepers.remove(at: index)
        return .timer(timer)
    }

    /// The index of the earliest sleeper (the lowest id among equal deadlines). Called under the lock.
    ///
    /// A plain loop, as in the other per-wake-up paths here: tests run unoptimised, where generic algorithms
    /// and closures cost several times the scan itself, and a simulated day is 260,000 wake-ups.
    private func earliest() -> Int? {
        guard !sleepers.isEmpty else { return nil }
        var index = 0
        var candidate = 1
        while candidate < sleepers.count {
            let other = sleepers[candidate]
            let best = sleepers[index]
            if other.deadline < best.deadline || (other.deadline == best.deadline && other.id < best.id) { index = candidate }
            candidate += 1
        }
        return index
    }
}

extension ManualClock.Instant: Comparable {}

extension ManualClock {
    /// A wall clock that reads `start` plus the time this clock has advanced: `snapshot`, tests and plugins
    /// under virtual time see calendar dates move with it.
    public func wallClock(startingAt start: Date) -> @Sendable () -> Date {
        { [self] in start.addingTimeInterval(now.offset.seconds) }
    }
}
