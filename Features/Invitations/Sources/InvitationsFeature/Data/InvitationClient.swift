/// The backend's answer to a request it understood.
public enum InvitationOutcome: Equatable, Sendable {
    /// 200: the invitation is requested.
    case registered
    /// 400 with `{"errorMessage": …}`: the backend's own message, to be shown as it is.
    case rejected(message: String)
}

/// Where invitation requests go. A source that writes, so the feature owns the protocol: the config's
/// `source.kind` picks `LiveInvitationClient` (`http`) or `InMemoryInvitationClient` (`in-memory`).
///
/// Anything but a registered or rejected outcome throws an `InvitationFailure`.
public protocol InvitationClient: Sendable {
    func requestInvitation(_ invitation: Invitation) async throws(InvitationFailure) -> InvitationOutcome
}
