import Foundation

/// Another virtual clock that must keep a manual clock's time: a dynamic plugin keeps its own copy of the core,
/// and so its own manual clock, reached through the plugin boundary.
@MainActor
public protocol ManualClockFollower: AnyObject {
    /// The follower's earliest deadline, on the leading clock's timeline; nil when nothing sleeps on it.
    var nextDeadline: ManualClock.Instant? { get }
    /// Moves the follower's time to `instant` and returns once the work it woke has settled. A follower that
    /// can do so without suspending (a plugin whose clock ran only timers) costs the leader no thread hop.
    func advance(to instant: ManualClock.Instant) async
    /// Horizon batching, for a follower each of whose moves costs a round trip (a plugin in a process of its own):
    /// moves to `first`, then on through each of its own next deadlines that is before `horizon` (the leading
    /// clock's next sleeper or another follower's deadline, when there is one) and not after `limit`, calling
    /// `reached(instant)` at each, in order, before it tells anyone what happened there. Returns the last instant
    /// reached. Nothing of the leader's is due before `horizon`, so the order of wake-ups is the same as one move
    /// at a time; what differs is that code run by `reached` sees the follower's state at the end of the batch.
    func advance(
        from first: ManualClock.Instant, before horizon: ManualClock.Instant?, through limit: ManualClock.Instant,
        reached: (ManualClock.Instant) -> Void
    ) async -> ManualClock.Instant
}

extension ManualClockFollower {
    /// One move at a time: what a follower whose moves are cheap does.
    public func advance(
        from first: ManualClock.Instant, before horizon: ManualClock.Instant?, through limit: ManualClock.Instant,
        reached: (ManualClock.Instant) -> Void
    ) async -> ManualClock.Instant {
        reached(first)
        await advance(to: first)
        return first
    }
}

extension ManualClock {
    /// Keeps `follower` at this clock's time from now on: its deadlines are interleaved with this clock's
    /// sleepers, and it is moved to the end of every `advance`. Held weakly.
    @MainActor
    public func addFollower(_ follower: any ManualClockFollower) {
        followers.removeAll { $0.follower == nil }
        followers.append(FollowerSlot(follower: follower, reached: now))
    }

    /// The earliest follower deadline after what that follower has already reached, up to `target`.
    @MainActor
    func dueFollower(before target: Instant) -> (Int, Instant)? {
        // Asked before every wake-up; most clocks have no follower.
        guard !followers.isEmpty else { return nil }
        var best: (Int, Instant)?
        for (index, slot) in followers.enumerated() {
            guard let deadline = slot.follower?.nextDeadline, deadline > slot.reached, deadline <= target else { continue }
            if best.map({ deadline < $0.1 }) ?? true { best = (index, deadline) }
        }
        return best
    }

    /// Moves the follower at `index` from its due deadline `first` through as many of its own deadlines as come
    /// before anything else's (this clock's sleepers, the other followers' deadlines) and not after `target`.
    @MainActor
    func moveFollower(at index: Int, from first: Instant, through target: Instant) async {
        guard followers.indices.contains(index), let follower = followers[index].follower, followers[index].reached < first else { return }
        var horizon = nextDeadline
        for (other, slot) in followers.enumerated() where other != index {
            guard let deadline = slot.follower?.nextDeadline, deadline > slot.reached else { continue }
            if horizon.map({ deadline < $0 }) ?? true { horizon = deadline }
        }
        // Recorded first, so a follower that fails to move still cannot be offered the same instant forever.
        followers[index].reached = first
        let last = await follower.advance(from: first, before: horizon, through: target) { instant in
            lock.withLock { if current < instant { current = instant } }
        }
        if followers.indices.contains(index), followers[index].reached < last { followers[index].reached = last }
    }

    @MainActor
    func moveFollower(at index: Int, to instant: Instant) async {
        guard followers.indices.contains(index), let follower = followers[index].follower,
            followers[index].reached < instant
        else { return }
        // Recorded first, so a follower that fails to move still cannot be offered the same instant forever.
        followers[index].reached = instant
        await follower.advance(to: instant)
    }
}
