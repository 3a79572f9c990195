import InvitationsFeature

/// The `data-action` names the page's controls carry, shared by the markup and the scene's event handling.
enum InvitationsActionName {
    static let activate = "activate"
    static let send = "send"
    static let dismiss = "dismiss"
    static let keep = "keep"
    static let confirmCancel = "confirm-cancel"

    /// A field's input events carry its name: `fullName`, `email`, `confirmEmail`.
    static func field(_ action: String) -> InvitationField? { InvitationField(rawValue: action) }
}
