import FeatureHostCore
import Observation

extension Presenter {
    /// Returns the view state once `condition` holds for it, woken by its changes (Observation), not by polling.
    /// Waits as long as it takes: for tests and benchmarks whose work is bounded elsewhere.
    @discardableResult
    public func until(_ condition: (ViewState) -> Bool) async -> ViewState {
        while !condition(viewState) {
            // Armed in the same turn as the check, so no change falls between them.
            let (changed, continuation) = AsyncStream<Void>.makeStream()
            withObservationTracking {
                _ = viewState
            } onChange: {
                continuation.yield()
                continuation.finish()
            }
            for await _ in changed { break }
        }
        return viewState
    }
}
