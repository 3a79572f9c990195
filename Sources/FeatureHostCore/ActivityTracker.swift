import Foundation

/// Counts work in flight (requests, loads), so headless runs and tests can wait until the host is idle
/// before reading a frame.
public final class ActivityTracker: Sendable {
    private struct Probe {
        weak var token: ActivityProbe?
        let count: @Sendable () -> Int
    }
    private struct State {
        var count = 0
        var probes: [Probe] = []
    }
    private let state = Locked(State())

    public init() {}

    /// The work begun and not yet ended, plus what every probe reports.
    public var inFlight: Int {
        let (own, counters) = state.withLock { state -> (Int, [@Sendable () -> Int]) in
            // Read after every timer wake-up of a manual clock: without probes, no closures or arrays.
            if state.probes.isEmpty { return (state.count, []) }
            state.probes.removeAll { $0.token?.isCancelled ?? true }
            return (state.count, state.probes.map(\.count))
        }
        // Probes run outside the lock: they may call into code that takes locks of its own.
        return counters.reduce(own) { $0 + $1() }
    }

    /// Counts work tracked elsewhere, e.g. by a dynamic plugin's own tracker across the plugin boundary,
    /// until the returned probe is cancelled or released.
    public func addProbe(_ count: @escaping @Sendable () -> Int) -> ActivityProbe {
        let token = ActivityProbe()
        state.withLock { $0.probes.append(Probe(token: token, count: count)) }
        return token
    }

    public func begin() { state.withLock { $0.count += 1 } }

    public func end() { state.withLock { $0.count -= 1 } }

    /// Runs `work` counted as in flight.
    public func track<T>(_ work: () async throws -> T) async rethrows -> T {
        begin()
        defer { end() }
        return try await work()
    }

    /// Waits, in real time but bounded, until nothing is in flight; false when `timeout` seconds passed first.
    /// Network replies arrive on their own schedule, so this polls (every millisecond) instead of advancing a
    /// clock. A presenter's effect counts as in flight until its result has been applied on the main actor, so
    /// zero means every result is in the view state.
    @MainActor
    @discardableResult
    public func waitUntilIdle(timeout: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while inFlight > 0 {
            if Date() > deadline { return false }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return true
    }
}
