import Foundation

/// A latch async work awaits until the test opens it, e.g. a source's `load()` held so the test can look at
/// the loading state. Once open it stays open, and later waits return at once.
public final class AsyncGate: @unchecked Sendable {
    // `isOpen` and `waiters` are only touched under `lock`; continuations are resumed outside it.
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    public func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow: Bool = lock.withLock {
                if isOpen { return true }
                waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    public func open() {
        let waiting: [CheckedContinuation<Void, Never>] = lock.withLock {
            isOpen = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }
}
