import FeatureHostCore
import Foundation

/// The registration kept for as long as the value lives: for tests, benchmarks and previews.
public final class InMemoryRegistrationClient: RegistrationClient {
    /// What was saved, and why saves fail (nil: they work): a client may be called from any thread.
    private let state: Locked<(invitation: Invitation?, refusal: String?)>
    private let changes: ChangeBroadcast<Void>

    /// - Parameter activity: where a save's news, still to reach the observers, counts as in flight.
    public init(_ invitation: Invitation? = nil, activity: ActivityTracker? = nil) {
        state = Locked((invitation, nil))
        changes = ChangeBroadcast(countingOn: activity)
    }

    /// What was saved last.
    public var saved: Invitation? { state.withLock { $0.invitation } }

    /// Makes every save fail with `reason` from now on (nil: saves work again), as a read-only or full disk does.
    public func refuseSaves(_ reason: String?) { state.withLock { $0.refusal = reason } }

    public func load() -> SavedRegistration { SavedRegistration(invitation: saved) }

    public func save(_ invitation: Invitation?) async throws {
        try state.withLock { (state) throws(FeatureError) in
            if let refusal = state.refusal { throw FeatureError(refusal) }
            state.invitation = invitation
        }
        changes.post(())
    }

    /// Every save is reported to every observer, the saver's own too.
    public func observeChanges<Owner: AnyObject & Sendable>(
        _ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner) -> Void
    ) {
        changes.observe(owner) { owner, _ in onChange(owner) }
    }
}
