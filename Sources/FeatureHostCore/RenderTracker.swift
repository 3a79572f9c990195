import Foundation
import Observation

/// What one render read, tracked with Observation: the first change to any of it calls `onStale`, once, until
/// the next render. A surface host keeps one, around the one call that renders (`RenderLoop` does; the plugin
/// kit's relay asks the host for a frame from it).
///
/// Observation calls back in the changed property's `willSet`, before the new value is stored, on the thread
/// that changes it. So `onStale` only notes and schedules; the render that reads the new value (and tracks
/// again) runs later, on the next turn of the main actor. A render started before an earlier one's change
/// supersedes it: a late call from that earlier tracking is dropped.
public final class RenderTracker: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var stale = false
        var stopped = false
    }
    private let state = Locked(State())
    private let onStale: @Sendable () -> Void

    /// - Parameter onStale: called once after each render when something it read changes (or on
    ///   `invalidate()`), on the changing thread, inside the change: schedule, never render, from it.
    public init(onStale: @escaping @Sendable () -> Void) { self.onStale = onStale }

    /// Whether something the last render read has changed since (or `invalidate()` was called).
    public var isStale: Bool { state.withLock { $0.stale } }

    /// Runs `render`, tracking every observable property it reads; earlier trackings no longer report.
    public func track<Result>(_ render: () -> Result) -> Result {
        let current: UInt64 = state.withLock { state in
            state.generation &+= 1
            state.stale = false
            return state.generation
        }
        return withObservationTracking(render, onChange: { [weak self] in self?.changed(current) })
    }

    /// Marks the render stale for something Observation cannot see (a resized terminal) and reports it, unless
    /// it is stale already.
    public func invalidate() {
        let report = state.withLock { state -> Bool in
            guard !state.stale, !state.stopped else { return false }
            state.stale = true
            return true
        }
        if report { onStale() }
    }

    /// No further reports.
    public func stop() { state.withLock { $0.stopped = true } }

    private func changed(_ tracked: UInt64) {
        let report = state.withLock { state -> Bool in
            guard tracked == state.generation, !state.stale, !state.stopped else { return false }
            state.stale = true
            return true
        }
        if report { onStale() }
    }
}
