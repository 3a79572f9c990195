import Foundation

/// At most `count` fetches at once; the others wait their turn in order. A waiter whose task is cancelled stops
/// waiting at once. This bounds how many replies are in memory together, whatever a page asks for.
final class FetchSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var free: Int
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID: UInt64 = 0

    init(count: Int) { free = max(1, count) }

    /// True with a slot (give it back with `release`), false when the task was cancelled first.
    func acquire() async -> Bool {
        let id: UInt64 = lock.withLock {
            nextID += 1
            return nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let granted: Bool? = lock.withLock {
                    if Task.isCancelled { return false }
                    if free > 0 {
                        free -= 1
                        return true
                    }
                    waiters.append((id, continuation))
                    return nil
                }
                if let granted { continuation.resume(returning: granted) }
            }
        } onCancel: {
            let waiter = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
                guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return waiters.remove(at: index).continuation
            }
            waiter?.resume(returning: false)
        }
    }

    func release() {
        let next = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
            guard !waiters.isEmpty else {
                free += 1
                return nil
            }
            return waiters.removeFirst().continuation
        }
        next?.resume(returning: true)
    }
}
