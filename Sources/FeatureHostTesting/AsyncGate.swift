import FeatureHostCore
import Foundation

/// A latch async work awaits until the test opens it, e.g. a source's `load()` held so the test can look at
/// the loading state. Once open it stays open, and later waits return at once.
public final class AsyncGate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }
    // Continuations are resumed outside the lock.
    private let state = Locked(State())

    public init() {}

    public func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow: Bool = state.withLock { state in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    public func open() {
        let waiting: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiting { waiter.resume() }
    }
}
