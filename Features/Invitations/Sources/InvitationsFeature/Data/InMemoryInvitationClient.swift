import Foundation

/// A local backend with the same rules as `fakeAuth`, for offline use and tests: `usedemail@blinq.app` is
/// rejected with the real backend's message, every other request is registered. Answers at once and keeps
/// the requests it received.
public final class InMemoryInvitationClient: InvitationClient, @unchecked Sendable {
    public static let usedEmail = "usedemail@blinq.app"
    public static let usedEmailMessage = "This email address is already in use"

    private let lock = NSLock()
    private var log: [Invitation] = []

    public init() {}

    public var requests: [Invitation] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    public func requestInvitation(_ invitation: Invitation) async throws(InvitationFailure) -> InvitationOutcome {
        lock.withLock { log.append(invitation) }
        // The real backend compares the address as sent, so this does too.
        return invitation.email == Self.usedEmail ? .rejected(message: Self.usedEmailMessage) : .registered
    }
}
