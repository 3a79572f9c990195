import CFeatureHostPluginABI
import Foundation

/// The advances the host waits for, by number: the plugin's `done` ends one, from any thread, once; or the
/// real-time bound does. A `done` that comes later, twice, or with a number never handed out finds nothing.
///
/// One table and one lock for all of them, and no object per advance: a plugin's clock calls `done` within
/// the call on nearly every tick, and that path should cost a few lock operations, not allocations.
final class AdvanceWaits: @unchecked Sendable {
    static let shared = AdvanceWaits()

    private struct Waiter {
        var continuation: CheckedContinuation<Bool, Never>?
        var timer: Task<Void, Never>?
    }

    // @unchecked: `next` and `waiting` are only touched while `lock` is held.
    private let lock = NSLock()
    private var next: UInt = 0
    /// The advances whose `done` has not come and whose bound has not passed.
    private var waiting: [UInt: Waiter] = [:]

    /// The plugin's `done`: the context is the number `begin` gave.
    static let done: featurehost_done_fn = { context in
        shared.finish(UInt(bitPattern: context), settled: true)
    }

    /// A new advance to wait for: its number, handed to the plugin as the `done` context pointer.
    func begin() -> UInt {
        lock.withLock {
            next += 1
            waiting[next] = Waiter()
            return next
        }
    }

    /// True once the advance's `done` has come: a plugin whose clock ran only timers calls it within the call.
    /// Synchronous, so that path never leaves the caller's actor.
    func hasSettled(_ number: UInt) -> Bool { lock.withLock { waiting[number] == nil } }

    /// Waits for the advance's `done`, at most `timeout` of real time; true when it came.
    func settled(_ number: UInt, within timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let pending: Bool = lock.withLock {
                guard waiting[number] != nil else { return false }
                waiting[number]?.continuation = continuation
                waiting[number]?.timer = Task { [self] in
                    do { try await Task.sleep(for: timeout) } catch { return }
                    finish(number, settled: false)
                }
                return true
            }
            if !pending { continuation.resume(returning: true) }
        }
    }

    private func finish(_ number: UInt, settled: Bool) {
        guard let waiter = lock.withLock({ waiting.removeValue(forKey: number) }) else { return }
        waiter.timer?.cancel()
        waiter.continuation?.resume(returning: settled)
    }

    /// How many advances are still waited for (a test's check that none is left behind).
    var count: Int { lock.withLock { waiting.count } }
}
