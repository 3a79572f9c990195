import FeatureHostCore
import Foundation

/// Waits, in real time but bounded, until the host has no work in flight: network replies arrive on their own
/// schedule, so this polls instead of advancing a clock (as `ManualClock` does, bounded, for a woken sleeper).
public enum IdleWaiter {
    /// Returns `true` when idle, `false` when `timeout` seconds passed first.
    @MainActor
    @discardableResult
    public static func wait(for activity: ActivityTracker, clock: ManualClock, timeout: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            await clock.settle()
            if activity.inFlight == 0 {
                // Give continuations resumed by the last finished request a chance to run on the main actor.
                await clock.settle()
                if activity.inFlight == 0 { return true }
            }
            if Date() > deadline { return false }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}
