/// The request form's text fields, in focus order.
public enum InvitationField: String, CaseIterable, Sendable, Equatable {
    case fullName
    case email
    case confirmEmail
}
