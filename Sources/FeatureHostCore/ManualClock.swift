import Foundation

/// A manual clock for tests and headless snapshots: time moves only when `advance` is called, and sleepers wake in deadline order (ties in the
/// order they went to sleep). After each wake-up the main actor is let run until the woken work has settled,
/// so a timer that re-arms itself every second sees every second, in order.
public final class ManualClock: Clock, @unchecked Sendable {
    public struct Instant: InstantProtocol, Hashable, Sendable {
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, Error>
    }

    private struct FollowerSlot {
        weak var follower: (any ManualClockFollower)?
        /// The last instant the follower was moved to.
        var reached: Instant
    }

    private let lock = NSLock()
    @MainActor private var followers: [FollowerSlot] = []
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    /// Sleepers resumed by `advance` whose tasks have not started running again yet.
    private var waking: Set<UInt64> = []
    private var nextID: UInt64 = 0
    /// How many times the main actor yields after each wake-up; enough for a woken task to re-arm its timer.
    private let settleYields: Int

    public init(settleYields: Int = 3) { self.settleYields = settleYields }

    public var now: Instant {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    public var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on this clock.
    public var sleeperCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    /// The earliest deadline anyone sleeps until.
    public var nextDeadline: Instant? {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.map(\.deadline).min()
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleep(until: deadline, isolation: nil)
    }

    /// Sleeps on the caller's actor: the sleeper is registered synchronously, before the caller's job ends.
    public func sleep(until deadline: Instant, isolation: isolated (any Actor)?) async throws {
        try Task.checkCancellation()
        let id: UInt64 = lock.withLock {
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
                sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                lock.unlock()
            }
            },
            onCancel: {
                let cancelled: Sleeper? = lock.withLock {
                    guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                    return sleepers.remove(at: index)
                }
                cancelled?.continuation.resume(throwing: CancellationError())
            }, isolation: isolation)
    }

    /// Moves time forward by `duration`, waking each sleeper at its own deadline, in order.
    @MainActor
    public func advance(by duration: Duration) async {
        await advance(to: now.advanced(by: duration))
    }

    @MainActor
    public func advance(to target: Instant) async {
        await settle()
        while true {
            // A follower's deadline goes first only when strictly earlier: at a tie this clock's own sleepers
            // wake first, in the order they went to sleep.
            if let (index, deadline) = dueFollower(before: target), nextDeadline.map({ deadline < $0 }) ?? true {
                lock.withLock { if current < deadline { current = deadline } }
                await moveFollower(at: index, to: deadline)
                continue
            }
            guard let sleeper = popDue(before: target) else { break }
            sleeper.continuation.resume()
            await waitUntilRunning(sleeper.id)
            await settle()
        }
        lock.withLock { if current < target { current = target } }
        for index in followers.indices { await moveFollower(at: index, to: target) }
        await settle()
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

    /// Keeps `follower` at this clock's time from now on: its deadlines are interleaved with this clock's
    /// sleepers, and it is moved to the end of every `advance`. Held weakly.
    @MainActor
    public func addFollower(_ follower: any ManualClockFollower) {
        followers.removeAll { $0.follower == nil }
        followers.append(FollowerSlot(follower: follower, reached: now))
    }

    /// The earliest follower deadline after what that follower has already reached, up to `target`.
    @MainActor
    private func dueFollower(before target: Instant) -> (Int, Instant)? {
        var best: (Int, Instant)?
        for (index, slot) in followers.enumerated() {
            guard let deadline = slot.follower?.nextDeadline, deadline > slot.reached, deadline <= target else { continue }
            if best.map({ deadline < $0.1 }) ?? true { best = (index, deadline) }
        }
        return best
    }

    @MainActor
    private func moveFollower(at index: Int, to instant: Instant) async {
        guard followers.indices.contains(index), let follower = followers[index].follower,
            followers[index].reached < instant
        else { return }
        // Recorded first, so a follower that fails to move still cannot be offered the same instant forever.
        followers[index].reached = instant
        await follower.advance(to: instant)
    }

    /// Lets the main actor run what is queued on it.
    @MainActor
    public func settle() async {
        for _ in 0..<settleYields { await Task.yield() }
    }

    private func popDue(before target: Instant) -> Sleeper? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = sleepers.indices.min(by: { (sleepers[$0].deadline, sleepers[$0].id) < (sleepers[$1].deadline, sleepers[$1].id) }),
            sleepers[index].deadline <= target
        else { return nil }
        let sleeper = sleepers.remove(at: index)
        if current < sleeper.deadline { current = sleeper.deadline }
        waking.insert(sleeper.id)
        return sleeper
    }
}

extension ManualClock.Instant: Comparable {}

/// Another virtual clock that must keep a manual clock's time: a dynamic plugin keeps its own copy of the core,
/// and so its own manual clock, reached through the plugin boundary.
@MainActor
public protocol ManualClockFollower: AnyObject {
    /// The follower's earliest deadline, on the leading clock's timeline; nil when nothing sleeps on it.
    var nextDeadline: ManualClock.Instant? { get }
    /// Moves the follower's time to `instant` and returns once the work it woke has settled.
    func advance(to instant: ManualClock.Instant) async
}

extension ManualClock {
    /// A wall clock that reads `start` plus the time this clock has advanced: `snapshot`, tests and plugins
    /// under virtual time see calendar dates move with it.
    public func wallClock(startingAt start: Date) -> @Sendable () -> Date {
        { [self] in start.addingTimeInterval(now.offset.seconds) }
    }
}
