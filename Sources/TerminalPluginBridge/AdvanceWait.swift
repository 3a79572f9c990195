import CFeatureHostPluginABI
import FeatureHostPluginWire
import Foundation

/// One advance the host waits for: the plugin's `done` ends it, from any thread, once; or the real-time bound
/// does. A `done` that comes later, twice, or for an advance that timed out finds nothing (`CallbackTargets`).
final class AdvanceWait: @unchecked Sendable {
    /// The advances whose `done` has not come yet.
    static let pending = CallbackTargets<AdvanceWait>()

    private enum State { case waiting, settled, timedOut }

    // @unchecked: `state`, `continuation` and `timer` are only touched while `lock` is held.
    private let lock = NSLock()
    private var state = State.waiting
    private var continuation: CheckedContinuation<Bool, Never>?
    private var timer: Task<Void, Never>?

    /// The plugin's `done`: the context is the number `pending.add` gave.
    static let done: featurehost_done_fn = { context in
        pending.remove(context)?.finish(settled: true)
    }

    /// True once `done` has come: a plugin whose clock ran only timers calls it before `advance` returns.
    var hasSettled: Bool { lock.withLock { state == .settled } }

    /// Waits for `done` at most `timeout` of real time; true when it came.
    func settled(within timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let finished: Bool? = lock.withLock {
                guard state == .waiting else { return state == .settled }
                self.continuation = continuation
                timer = Task { [self] in
                    do { try await Task.sleep(for: timeout) } catch { return }
                    finish(settled: false)
                }
                return nil
            }
            if let finished { continuation.resume(returning: finished) }
        }
    }

    private func finish(settled: Bool) {
        let (continuation, timer): (CheckedContinuation<Bool, Never>?, Task<Void, Never>?) = lock.withLock {
            guard state == .waiting else { return (nil, nil) }
            state = settled ? .settled : .timedOut
            defer {
                self.continuation = nil
                self.timer = nil
            }
            return (self.continuation, self.timer)
        }
        timer?.cancel()
        continuation?.resume(returning: settled)
    }
}
