import FeatureHostCore
import Foundation

/// A local backend with the same rules as `fakeAuth`, for offline use and tests: `usedemail@blinq.app` is
/// rejected with the real backend's message, every other request is registered. Answers at once and keeps
/// the requests it received.
public final class InMemoryInvitationClient: InvitationClient {
    public static let usedEmail = "usedemail@blinq.app"
    public static let usedEmailMessage = "This email address is already in use"

    private let log = Locked<[Invitation]>([])

    public init() {}

    public var requests: [Invitation] { log.withLock { $0 } }

    public func requestInvitation(_ invitation: Invitation) async throws(InvitationFailure) -> InvitationOutcome {
        log.withLock { $0.append(invitation) }
        // The real backend compares the address as sent, so this does too.
        return invitation.email == Self.usedEmail ? .rejected(message: Self.usedEmailMessage) : .registered
    }
}
