import InvitationsFeature

/// The `data-action` names the page's controls carry, shared by the markup and the scene's event handling, and
/// their parsing back from a page event. Whatever a page sends, parsing either finds one of these or nothing.
enum InvitationsWebAction: Equatable {
    case activate
    case send
    case dismiss
    case keep
    case confirmCancel
    /// The cancel alert's form, there only so its parts keep their keys; its buttons act by themselves.
    case alert
    /// A field's input events carry its name: `fullName`, `email`, `confirmEmail`.
    case field(InvitationField)

    var name: String {
        switch self {
        case .activate: return "activate"
        case .send: return "send"
        case .dismiss: return "dismiss"
        case .keep: return "keep"
        case .confirmCancel: return "confirm-cancel"
        case .alert: return "alert"
        case .field(let field): return field.rawValue
        }
    }

    init?(name: String) {
        switch name {
        case "activate": self = .activate
        case "send": self = .send
        case "dismiss": self = .dismiss
        case "keep": self = .keep
        case "confirm-cancel": self = .confirmCancel
        case "alert": self = .alert
        default:
            guard let field = InvitationField(rawValue: name) else { return nil }
            self = .field(field)
        }
    }

    /// The field an input or change event is about, or nil for any other action.
    var field: InvitationField? {
        if case .field(let field) = self { return field }
        return nil
    }
}
