/// Another virtual clock that must keep a manual clock's time: a dynamic plugin keeps its own copy of the core,
/// and so its own manual clock, reached through the plugin boundary.
@MainActor
public protocol ManualClockFollower: AnyObject {
    /// The follower's earliest deadline, on the leading clock's timeline; nil when nothing sleeps on it.
    var nextDeadline: ManualClock.Instant? { get }
    /// Moves the follower's time to `instant` and returns once the work it woke has settled. A follower that
    /// can do so without suspending (a plugin whose clock ran only timers) costs the leader no thread hop.
    func advance(to instant: ManualClock.Instant) async
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
