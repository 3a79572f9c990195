import Foundation

/// Tells observers on the main actor that something they share changed, for as long as each observer's owner
/// lives: a presenter observes with itself as the owner and keeps no token, so it stops hearing when it goes.
///
/// The seam for state that several instances of a feature share (two web pages of one run, a page and the
/// terminal's `featurehost store set`): the key-value store's saves (`KeyValueStore.observeChanges`), a
/// feature's clients (transactions' `PinClient`, invitations' `RegistrationClient`) and a feature's per-run
/// model (`FeatureRun`). An observer hears a change as an action of its presenter, so it re-reads through its
/// one entry point.
///
/// `post` may be called from any thread and delivers on the main actor's next turn; the hop counts as work in
/// flight on `activity` (when set), so a test or `snapshot` that waits for the host to be idle never reads a
/// state the change has not reached. `postNow` delivers at once, for a change made on the main actor.
public final class ChangeBroadcast<Change: Sendable>: Sendable {
    private struct Observer: Sendable {
        /// Weak: reading it from any thread is safe, and a released owner ends the observation.
        weak var owner: (any AnyObject & Sendable)?
        /// Who the observer stands for, so a change is not told back to where it came from; nil hears all.
        let source: ObjectIdentifier?
        let deliver: @MainActor @Sendable (any AnyObject & Sendable, Change) -> Void
    }

    private struct State {
        var observers: [Observer] = []
        var activity: ActivityTracker?
    }
    private let state: Locked<State>

    /// - Parameter activity: where a delivery still to come counts as in flight (the host's tracker).
    public init(countingOn activity: ActivityTracker? = nil) { state = Locked(State(activity: activity)) }

    /// Counts deliveries still to come on `activity` from now on (for a store made before the host's tracker).
    public func countDeliveries(on activity: ActivityTracker) { state.withLock { $0.activity = activity } }

    /// Calls `onChange` on the main actor after each change, for as long as `owner` lives.
    /// - Parameter source: what the observer stands for (a store instance); a change posted from it is not
    ///   told back to it.
    public func observe<Owner: AnyObject & Sendable>(
        _ owner: Owner, as source: ObjectIdentifier? = nil, _ onChange: @escaping @MainActor @Sendable (Owner, Change) -> Void
    ) {
        let observer = Observer(
            owner: owner, source: source,
            deliver: { owner, change in
                guard let owner = owner as? Owner else { return }
                onChange(owner, change)
            })
        state.withLock { state in
            state.observers.removeAll { $0.owner == nil }
            state.observers.append(observer)
        }
    }

    /// Delivers `change` to every live observer but those standing for `source`, on the main actor's next turn.
    public func post(_ change: Change, from source: ObjectIdentifier? = nil) {
        let (targets, activity) = state.withLock { (Self.recipients(of: $0.observers, from: source), $0.activity) }
        guard !targets.isEmpty else { return }
        activity?.begin()
        Task { @MainActor in
            Self.deliver(change, to: targets)
            activity?.end()
        }
    }

    /// Delivers `change` now, on the main actor, to every live observer but those standing for `source`.
    @MainActor
    public func postNow(_ change: Change, from source: ObjectIdentifier? = nil) {
        Self.deliver(change, to: state.withLock { Self.recipients(of: $0.observers, from: source) })
    }

    private static func recipients(of observers: [Observer], from source: ObjectIdentifier?) -> [Observer] {
        observers.filter { $0.owner != nil && (source == nil || $0.source != source) }
    }

    @MainActor
    private static func deliver(_ change: Change, to targets: [Observer]) {
        for target in targets {
            if let owner = target.owner { target.deliver(owner, change) }
        }
    }
}
