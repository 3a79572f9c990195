import CFeatureHostPluginABI
import Dispatch
import Foundation

/// The plugin's frame requests, counted per instance. During a request for an instance (and an advance that waits
/// for `done`) they go into its reply; otherwise one status push is queued on the main queue, however many come.
final class FrameRequests: @unchecked Sendable {
    static let shared = FrameRequests()

    // @unchecked: every field is only touched while `lock` is held.
    private let lock = NSLock()
    private var counts: [UInt32: UInt32] = [:]
    private var held: [UInt32: Int] = [:]
    private var flushQueued = false

    /// The table's `request_frame`: the host context is the instance's number. Any thread.
    static let callback: featurehost_frame_request_fn = { context in
        let instance = UInt32(truncatingIfNeeded: UInt(bitPattern: context))
        guard shared.add(instance) else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { PluginServer.shared?.flushFrameRequests() } }
    }

    /// True when a flush must be queued for this request.
    private func add(_ instance: UInt32) -> Bool {
        lock.withLock {
            counts[instance, default: 0] &+= 1
            guard held[instance] == nil, !flushQueued else { return false }
            flushQueued = true
            return true
        }
    }

    func hold(_ instance: UInt32) { lock.withLock { held[instance, default: 0] += 1 } }

    func release(_ instance: UInt32) {
        lock.withLock {
            let left = (held[instance] ?? 1) - 1
            held[instance] = left > 0 ? left : nil
        }
    }

    func isHeld(_ instance: UInt32) -> Bool { lock.withLock { held[instance] != nil } }

    func take(_ instance: UInt32) -> UInt32 { lock.withLock { counts.removeValue(forKey: instance) ?? 0 } }

    func forget(_ instance: UInt32) { _ = take(instance) }

    /// The counts of instances not in a request, taken; clears the queued flush.
    func takeReleased() -> [(UInt32, UInt32)] {
        lock.withLock {
            flushQueued = false
            let released = counts.filter { held[$0.key] == nil }
            for key in released.keys { counts[key] = nil }
            return released.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }
}

/// The advances whose `done` the child waits for, by token, as the host's `AdvanceWaits` does in process: a `done`
/// within the call costs nothing; a later one (any thread) resumes the batch on the main queue; a second or unknown
/// one is dropped.
final class DoneTokens: @unchecked Sendable {
    static let shared = DoneTokens()

    // @unchecked: every field is only touched while `lock` is held.
    private let lock = NSLock()
    private var next: UInt = 0
    private var calling: (token: UInt, settled: Bool) = (0, false)
    private var waiting: Set<UInt> = []

    static let done: featurehost_done_fn = { context in
        let token = UInt(bitPattern: context)
        guard shared.finish(token) else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { PluginServer.shared?.resume(token) } }
    }

    /// Calls `advance` with a new token; nil when `done` came within the call, else the token to wait for.
    func call(_ advance: (UnsafeMutableRawPointer?) -> Void) -> UInt? {
        let token: UInt = lock.withLock {
            next += 1
            calling = (next, false)
            return next
        }
        advance(UnsafeMutableRawPointer(bitPattern: token))
        return lock.withLock {
            defer { calling = (0, false) }
            if calling.settled { return nil }
            waiting.insert(token)
            return token
        }
    }

    /// True when `token` was waited for (the batch must be resumed).
    private func finish(_ token: UInt) -> Bool {
        lock.withLock {
            if token == calling.token, token != 0 {
                calling.settled = true
                return false
            }
            return waiting.remove(token) != nil
        }
    }
}
