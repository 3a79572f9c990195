import FeatureHostCore
import FeatureHostTesting
import Testing

/// A follower with a second manual clock, as a dynamic plugin has: the leading clock must interleave its
/// deadlines with its own sleepers' and leave it at the same time.
@MainActor
private final class FollowingClock: ManualClockFollower {
    let clock = ManualClock()
    var nextDeadline: ManualClock.Instant? { clock.nextDeadline }
    func advance(to instant: ManualClock.Instant) async { await clock.advance(to: instant) }
}

@Suite @MainActor struct ClockFollowerTests {
    @Test func followerDeadlinesInterleaveWithTheLeadersInOrder() async {
        let leader = TestClock()
        let follower = FollowingClock()
        leader.addFollower(follower)
        var log: [String] = []
        let leaderTimeline = MonotonicTimeline(clock: leader)
        let followerTimeline = MonotonicTimeline(clock: follower.clock)
        let leading = Task { @MainActor in
            for second in [1, 3] {
                try await leaderTimeline.sleep(until: .seconds(second))
                log.append("leader \(second)")
            }
        }
        let following = Task { @MainActor in
            for second in [2, 3, 4] {
                try await followerTimeline.sleep(until: .seconds(second))
                log.append("follower \(second)")
            }
        }
        await leader.settle()
        await leader.advance(by: .milliseconds(3500))
        #expect(log == ["leader 1", "follower 2", "leader 3", "follower 3"], "a tie goes to the leader's own sleeper")
        #expect(follower.clock.now == ManualClock.Instant(offset: .milliseconds(3500)), "the follower ends where the leader does")
        await leader.advance(by: .seconds(1))
        #expect(log.last == "follower 4")
        leading.cancel()
        following.cancel()
    }

    @Test func aReleasedFollowerIsDropped() async {
        let leader = TestClock()
        var follower: FollowingClock? = FollowingClock()
        if let follower { leader.addFollower(follower) }
        follower = nil
        await leader.advance(by: .seconds(1))
        #expect(leader.now == ManualClock.Instant(offset: .seconds(1)))
    }
}

@Suite struct ActivityProbeTests {
    @Test func probesCountUntilCancelledOrReleased() {
        let activity = ActivityTracker()
        activity.begin()
        var probe: ActivityProbe? = activity.addProbe { 2 }
        #expect(activity.inFlight == 3)
        probe?.cancel()
        #expect(activity.inFlight == 1)
        probe = activity.addProbe { 5 }
        #expect(activity.inFlight == 6)
        probe = nil
        #expect(activity.inFlight == 1, "releasing the probe ends it")
        activity.end()
        _ = probe
    }
}
