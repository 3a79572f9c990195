import FeatureHostCore
import Foundation

/// Waits, in real time but bounded, until the host has no work in flight: network replies arrive on their own
/// schedule, so this polls instead of advancing a clock (as `ManualClock` does, bounded, for a woken
/// sleeper). No extra yields are needed: a presenter's effect counts as in flight until its result has been
/// applied on the main actor, so zero means every result is in the view state.
public enum IdleWaiter {
    /// Returns `true` when idle, `false` when `timeout` seconds passed first.
    @MainActor
    @discardableResult
    public static func wait(for activity: ActivityTracker, timeout: Double) async -> Bool {
        await activity.waitUntilIdle(timeout: timeout)
    }
}
