/// What one run of the host keeps for one feature across every instance of it: the terminal shell's one
/// presenter, and each web page's. State that belongs to the run (the offer's countdown and its activation)
/// lives in a model made here once and shared; state that belongs to one screen (an open popup, a selection,
/// typed text) stays in each presenter. Saved state (pins, a registration) is shared through the key-value
/// store, which reports changes (`KeyValueStore.observeChanges`).
///
/// A per-run model holds nothing that depends on a page's locale or clock conventions (each presenter formats
/// with its own context), and tells its presenters of a change through a `ChangeBroadcast`, so each re-reads
/// through its one entry point.
@MainActor
public final class FeatureRun: Sendable {
    private var models: [ObjectIdentifier: AnyObject] = [:]

    /// A run of its own: what a feature built outside a host (a test, a benchmark, a plugin's instance) gets.
    nonisolated public init() {}

    /// The run's model of type `Model`, made by `make` the first time any instance asks for it.
    public func model<Model: AnyObject>(_ type: Model.Type = Model.self, make: () -> Model) -> Model {
        if let model = models[ObjectIdentifier(type)] as? Model { return model }
        let model = make()
        models[ObjectIdentifier(type)] = model
        return model
    }
}
