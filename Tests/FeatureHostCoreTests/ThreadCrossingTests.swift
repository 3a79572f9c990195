import Dispatch
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

/// The core's objects that other threads reach (a tracker counted by loads and plugins, a manual clock slept
/// on and cancelled from the pool), used from many threads at once: under `swift test --sanitize=thread`
/// (CI runs this suite so) these are the paths where a race would show.
@Suite struct ThreadCrossingTests {
    @Test func aTrackerCountedAndProbedFromManyThreadsEndsAtZero() {
        let activity = ActivityTracker()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<200 {
                activity.begin()
                let probe = activity.addProbe { 1 }
                _ = activity.inFlight
                probe.cancel()
                activity.end()
            }
        }
        #expect(activity.inFlight == 0)
    }

    @Test @MainActor func sleepersCancelledFromOtherThreadsWhileTheClockAdvancesLeaveNoneBehind() async {
        let clock = TestClock()
        let sleepers = (0..<40).map { index in
            Task.detached { () -> Bool in
                do {
                    try await clock.sleep(until: .init(offset: .seconds(index % 4 + 1)), tolerance: nil)
                    return true
                } catch {
                    return false
                }
            }
        }
        // All asleep first: one that registered after the advance had passed its deadline would wait for the next.
        let limit = Date().addingTimeInterval(TestHost.idleTimeout)
        while clock.sleeperCount < sleepers.count, Date() < limit { await Task.yield() }
        #expect(clock.sleeperCount == sleepers.count)
        // Every other sleeper is cancelled from the pool while the main actor moves time on.
        let cancellers = Task.detached { for (index, sleeper) in sleepers.enumerated() where index % 2 == 1 { sleeper.cancel() } }
        await clock.advance(by: .seconds(5))
        await cancellers.value
        var woken = 0
        for (index, sleeper) in sleepers.enumerated() {
            let wasWoken = await sleeper.value
            if index % 2 == 0 { #expect(wasWoken, "sleeper \(index) was never cancelled") }
            if wasWoken { woken += 1 }
        }
        #expect(woken >= 20)
        #expect(clock.sleeperCount == 0)
    }
}
