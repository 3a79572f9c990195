/// Every string the screens show, in one place: the product's original copy where it exists
/// (design notes), and this feature's own wording for the rest.
public enum InvitationsCopy {
    public static let brand = "BROCCOLI & CO."

    // Not registered
    public static let title = "A better way to enjoy every day."
    public static let subtitle = "Be the first to know when we launch."
    public static let requestButton = "Request an invite"

    // Request form
    public static let formTitle = "Request an invite"
    public static let sendButton = "Send"
    public static let sending = "Sending, please wait..."

    public static func label(_ field: InvitationField) -> String {
        switch field {
        case .fullName: return "Full name"
        case .email: return "Email"
        case .confirmEmail: return "Confirm email"
        }
    }

    public static func placeholder(_ field: InvitationField) -> String {
        switch field {
        case .fullName: return "Your first and last name"
        case .email: return "name@example.com"
        case .confirmEmail: return "The same email again"
        }
    }

    // Congratulations
    public static let doneTitle = "All done!"
    public static let doneMessage = "You will be one of the first to experience Broccoli & Co. when we launch."
    public static let okButton = "OK"

    // Registered
    public static let registeredTitle = "You're already registered."

    public static func registeredText(name: String, email: String) -> String {
        "Thanks, \(name). Your invitation will be emailed to \(email) when we launch."
    }

    public static let cancelButton = "Cancel invite"

    // Cancel alert
    public static let alertTitle = "Cancel your invite?"
    public static let alertMessage = "Are you sure? You will no longer get an invitation when Broccoli & Co. launches."
    public static let keepButton = "Keep invite"
    public static let confirmCancelButton = "Cancel invite"

    // Cancelled
    public static let cancelledTitle = "Invite cancelled"
    public static let cancelledMessage = "You have been removed from the invitation list. You can request a new invite at any time."

    // Saves the device could not keep (a read-only or full disk): never "All done!" or "Invite cancelled" then.
    public static func registeredButNotKept(_ reason: String) -> String {
        "The invitation server accepted your request, but this device could not keep it: \(reason) "
            + "After a restart this page will not know you are registered."
    }

    public static func cancelNotKept(_ reason: String) -> String {
        "Your invite was not cancelled: this device could not save the change: \(reason)"
    }

    public static func notCleared(_ reason: String) -> String {
        "It could not be removed either: \(reason)"
    }
}
