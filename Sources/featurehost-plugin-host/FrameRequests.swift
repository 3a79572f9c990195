import CFeatureHostPluginABI
import Dispatch
import FeatureHostCore
import Foundation

/// The plugin's frame requests, counted per instance. During a request for an instance (and an advance that waits
/// for `done`) they go into its reply; otherwise one status push is queued on the main queue, however many come.
final class FrameRequests: Sendable {
    static let shared = FrameRequests()

    private struct State {
        var counts: [UInt32: UInt32] = [:]
        var held: [UInt32: Int] = [:]
        var flushQueued = false
    }
    private let state = Locked(State())

    /// The table's `request_frame`: the host context is the instance's number. Any thread.
    static let callback: featurehost_frame_request_fn = { context in
        let instance = UInt32(truncatingIfNeeded: UInt(bitPattern: context))
        guard shared.add(instance) else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { PluginServer.shared?.flushFrameRequests() } }
    }

    /// True when a flush must be queued for this request.
    private func add(_ instance: UInt32) -> Bool {
        state.withLock { state in
            state.counts[instance, default: 0] &+= 1
            guard state.held[instance] == nil, !state.flushQueued else { return false }
            state.flushQueued = true
            return true
        }
    }

    func hold(_ instance: UInt32) { state.withLock { $0.held[instance, default: 0] += 1 } }

    func release(_ instance: UInt32) {
        state.withLock { state in
            let left = (state.held[instance] ?? 1) - 1
            state.held[instance] = left > 0 ? left : nil
        }
    }

    func isHeld(_ instance: UInt32) -> Bool { state.withLock { $0.held[instance] != nil } }

    func take(_ instance: UInt32) -> UInt32 { state.withLock { $0.counts.removeValue(forKey: instance) ?? 0 } }

    func forget(_ instance: UInt32) { _ = take(instance) }

    /// The counts of instances not in a request, taken; clears the queued flush.
    func takeReleased() -> [(UInt32, UInt32)] {
        state.withLock { state in
            state.flushQueued = false
            let held = state.held
            let released = state.counts.filter { held[$0.key] == nil }
            for key in released.keys { state.counts[key] = nil }
            return released.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }
}

/// The advances whose `done` the child waits for, by token: a `done`
/// within the call costs nothing; a later one (any thread) resumes the batch on the main queue; a second or unknown
/// one is dropped.
final class DoneTokens: Sendable {
    static let shared = DoneTokens()

    private struct State {
        var next: UInt = 0
        var calling: (token: UInt, settled: Bool) = (0, false)
        var waiting: Set<UInt> = []
    }
    private let state = Locked(State())

    static let done: featurehost_done_fn = { context in
        let token = UInt(bitPattern: context)
        guard shared.finish(token) else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { PluginServer.shared?.resume(token) } }
    }

    /// Calls `advance` with a new token; nil when `done` came within the call, else the token to wait for.
    func call(_ advance: (UnsafeMutableRawPointer?) -> Void) -> UInt? {
        let token: UInt = state.withLock { state in
            state.next += 1
            state.calling = (state.next, false)
            return state.next
        }
        advance(UnsafeMutableRawPointer(bitPattern: token))
        return state.withLock { state in
            defer { state.calling = (0, false) }
            if state.calling.settled { return nil }
            state.waiting.insert(token)
            return token
        }
    }

    /// True when `token` was waited for (the batch must be resumed).
    private func finish(_ token: UInt) -> Bool {
        state.withLock { state in
            if token == state.calling.token, token != 0 {
                state.calling.settled = true
                return false
            }
            return state.waiting.remove(token) != nil
        }
    }
}
