import CFeatureHostPluginABI
import FeatureHostCore
import Foundation

/// The advances the host waits for, by number: the plugin's `done` ends one, from any thread, once; or the
/// real-time bound does. A `done` that comes later, twice, or with a number never handed out finds nothing.
///
/// A plugin's clock calls `done` within the `advance` call on nearly every tick, so that path costs three
/// uncontended lock operations and no allocation or hashing: the advance being called is kept in `calling`,
/// and only one that has not settled when the call returns is moved to the table of those waited for.
final class AdvanceWaits: Sendable {
    static let shared = AdvanceWaits()

    private struct Waiter {
        var continuation: CheckedContinuation<Bool, Never>?
        var timer: Task<Void, Never>?
    }

    private struct State {
        var next: UInt = 0
        /// The advance whose `advance` call is running, and whether its `done` has come; 0 when none.
        var calling: (number: UInt, settled: Bool) = (0, false)
        /// The advances whose call returned before their `done` came, until it comes or their bound passes.
        var waiting: [UInt: Waiter] = [:]
    }
    private let state = Locked(State())

    /// The plugin's `done`: the context is the number `call` gave.
    static let done: featurehost_done_fn = { context in
        shared.finish(UInt(bitPattern: context), settled: true)
    }

    /// Calls `advance` with a new number for its `done`; returns that number, or nil when `done` came during
    /// the call (the common case: nothing to wait for).
    func call(_ advance: (UnsafeMutableRawPointer?) -> Void) -> UInt? {
        let (number, outer): (UInt, (number: UInt, settled: Bool)) = state.withLock { state in
            state.next += 1
            defer { state.calling = (state.next, false) }
            return (state.next, state.calling)
        }
        advance(UnsafeMutableRawPointer(bitPattern: number))
        return state.withLock { state in
            defer { state.calling = outer }
            if state.calling.settled { return nil }
            state.waiting[number] = Waiter()
            return number
        }
    }

    /// Waits for the `done` of an advance `call` returned, at most `timeout` of real time; true when it came.
    func settled(_ number: UInt, within timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let pending: Bool = state.withLock { state in
                guard state.waiting[number] != nil else { return false }
                state.waiting[number]?.continuation = continuation
                state.waiting[number]?.timer = Task { [self] in
                    do { try await Task.sleep(for: timeout) } catch { return }
                    finish(number, settled: false)
                }
                return true
            }
            if !pending { continuation.resume(returning: true) }
        }
    }

    private func finish(_ number: UInt, settled: Bool) {
        let waiter: Waiter? = state.withLock { state in
            if number == state.calling.number, number != 0 {
                state.calling.settled = true
                return nil
            }
            return state.waiting.removeValue(forKey: number)
        }
        waiter?.timer?.cancel()
        waiter?.continuation?.resume(returning: settled)
    }

    /// How many advances are still waited for (a test's check that none is left behind).
    var count: Int { state.withLock { $0.waiting.count } }
}
