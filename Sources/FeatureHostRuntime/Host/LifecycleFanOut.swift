import FeatureHostCore

/// Sends lifecycle events to every running feature's handler, in registration order.
@MainActor
public final class LifecycleFanOut {
    private var handlers: [(token: StateObservation, handle: @MainActor (LifecycleEvent) -> Void)] = []
    /// The last event sent, so a repeated focus-out does not pause twice.
    public private(set) var state: LifecycleEvent = .willEnterForeground

    public init() {}

    public func register(_ handle: @escaping @MainActor (LifecycleEvent) -> Void) -> StateObservation {
        let token = StateObservation()
        handlers.append((token, handle))
        return token
    }

    public func broadcast(_ event: LifecycleEvent) {
        guard event != state else { return }
        state = event
        handlers.removeAll { $0.token.isCancelled }
        for handler in handlers { handler.handle(event) }
    }
}
