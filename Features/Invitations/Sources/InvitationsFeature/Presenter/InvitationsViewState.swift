/// Everything the screen shows, already worded: the page, an optional notice, and the modal on top.
public struct InvitationsViewState: Equatable, Sendable {
    public var brand: String
    public var page: Page
    /// A one-time message (e.g. a saved invitation that could not be read), shown on the page.
    public var notice: String?
    /// The topmost popup, if any; the page behind it is dimmed and loses focus.
    public var modal: Modal?

    /// The page under any modal.
    public struct Page: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case notRegistered
            case registered
        }

        public var kind: Kind
        public var title: String
        public var text: String
        public var button: String
        /// The page's one button has focus whenever no modal is open.
        public var isButtonFocused: Bool
    }

    public enum Modal: Equatable, Sendable {
        case requestForm(RequestForm)
        case cancelAlert(CancelAlert)
        case celebration(Celebration)
    }

    public struct RequestForm: Equatable, Sendable {
        public var title: String
        public var fields: [Field]
        public var sendButton: String
        public var isSendFocused: Bool
        /// While a request is in flight: fields are locked and Send does nothing.
        public var isSending: Bool
        /// `Sending, please wait...`, or why the last attempt failed.
        public var status: Status?
    }

    public struct Field: Equatable, Sendable {
        public var id: InvitationField
        public var label: String
        /// Shown dimmed while the field is empty.
        public var placeholder: String
        public var text: String
        /// Position of the cursor in characters of `text`.
        public var cursor: Int
        /// Shown under the field once Send has been pressed.
        public var error: String?
        public var isFocused: Bool
    }

    public struct Status: Equatable, Sendable {
        public enum Tone: Equatable, Sendable {
            case progress
            case error
        }

        public var text: String
        public var tone: Tone
    }

    public struct CancelAlert: Equatable, Sendable {
        public enum Choice: Equatable, Sendable, CaseIterable {
            case keep
            case cancelInvite
        }

        public var title: String
        public var message: String
        public var keepButton: String
        public var cancelButton: String
        public var focus: Choice
    }

    public struct Celebration: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case registered
            case cancelled
        }

        public var kind: Kind
        public var title: String
        public var message: String
        public var button: String
        /// The burst's current frame; empty once it is over.
        public var confetti: [ConfettiPiece]
    }
}
