import FeatureHostCore
import Foundation

/// The registration kept for as long as the value lives: for tests, benchmarks and previews.
public final class InMemoryRegistrationStorage: RegistrationStorage, @unchecked Sendable {
    // The lock guards `invitation` and `refusal`: a client may be called from any thread.
    private let lock = NSLock()
    private var invitation: Invitation?
    private var refusal: String?

    public init(_ invitation: Invitation? = nil) { self.invitation = invitation }

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
    }
}
