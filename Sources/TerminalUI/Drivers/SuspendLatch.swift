import Foundation

/// A one-shot gate the signal queue waits at while the shell applies a suspend: opened once, by
/// `LiveTerminal.suspendApplied()`, or given up on after a bounded wait.
final class SuspendLatch: @unchecked Sendable {
    // @unchecked: `isOpen` is only read or written while `condition` is locked.
    private let condition = NSCondition()
    private var isOpen = false

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Returns when the latch opens, or after `limit`; true when it opened.
    @discardableResult
    func wait(atMost limit: Duration) -> Bool {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !isOpen {
            if !condition.wait(until: deadline) { return isOpen }
        }
        return true
    }
}
