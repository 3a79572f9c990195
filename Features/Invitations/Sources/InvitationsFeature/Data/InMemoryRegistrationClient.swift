import FeatureHostCore
import Foundation

/// The registration kept for as long as the value lives: for tests, benchmarks and previews.
public final class InMemoryRegistrationClient: RegistrationClient, @unchecked Sendable {
    // The lock guards `invitation` and `refusal`: a client may be called from any thread.
    private let lock = NSLock()
    private var invitation: Invitation?
    private var refusal: String?
    private let changes: ChangeBroadcast<Void>

    /// - Parameter activity: where a save's news, still to reach the observers, counts as in flight.
    public init(_ invitation: Invitation? = nil, activity: ActivityTracker? = nil) {
        self.invitation = invitation
        changes = ChangeBroadcast(countingOn: activity)
    }

    /// What was saved last.
    public var saved: Invitation? { lock.withLock { invitation } }

    /// Makes every save fail with `reason` from now on (nil: saves work again), as a read-only or full disk does.
    public func refuseSaves(_ reason: String?) { lock.withLock { refusal = reason } }

    public func load() -> SavedRegistration { SavedRegistration(invitation: saved) }

    public func save(_ invitation: Invitation?) async throws {
        try lock.withLock {
            if let refusal { throw FeatureError(refusal) }
            self.invitation = invitation
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
