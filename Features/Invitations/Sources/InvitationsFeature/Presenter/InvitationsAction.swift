import FeatureHostCore

/// What a save of the registration does.
public enum RegistrationChange: Equatable, Sendable {
    /// Keeps a registration the backend accepted.
    case register(Invitation)
    /// Removes it: a confirmed cancel.
    case cancel
    /// Removes an unreadable stored value found at start.
    case clearUnreadable

    /// The value saved: the invitation, or nil for a removal.
    var saved: Invitation? {
        if case .register(let invitation) = self { return invitation }
        return nil
    }
}

extension InvitationsPresenter {
    /// What a surface, the host or the presenter's own effects ask for. Two vocabularies drive the form:
    /// editing commands (`insert`, `deleteBackward`, `moveCursor`, `focusNext`, …) for a surface that edits
    /// text itself key by key, and binding-style actions (`setText`, `focus`) for a surface whose controls
    /// own their text and focus and report the result. Both end in the same form state and validation.
    public enum Action: PresenterAction, Equatable, Sendable {
        case lifecycle(LifecycleEvent)

        // MARK: Moving between controls and pressing them

        /// Focus moves to the next control of the open form (fields, then Send) or alert, wrapping.
        case focusNext
        /// Focus moves to the previous control, wrapping.
        case focusPrevious
        /// Focuses a control directly; ignored unless it belongs to the open form or alert.
        case focus(FocusTarget)
        /// Presses the focused control (the page's button, Send, an alert choice, OK); in a text field it
        /// moves focus to the next control instead.
        case activate
        /// Closes the topmost modal; the form stays open while its request is in flight.
        case dismiss

        // MARK: Editing the focused field

        /// Typed or pasted text, inserted at the cursor.
        case insert(String)
        /// Removes the character before the cursor.
        case deleteBackward
        /// Removes the character at the cursor.
        case deleteForward
        case moveCursor(CursorMove)

        // MARK: Binding-style editing

        /// Replaces `field`'s whole text with `text`, cleaned and capped like typed text; the cursor goes to
        /// its end and focus stays where it is. Ignored while the form is closed or sending.
        case setText(field: InvitationField, String)

        // MARK: From the presenter's own effects

        /// The backend answered (or failed) the request in flight.
        case submissionFinished(Result<InvitationOutcome, InvitationFailure>)
        /// A change of the saved registration was kept, or was not because of `failure`.
        case registrationSaved(RegistrationChange, failure: FeatureError?)
        /// A tick of the confetti timeline: `frame` of the burst numbered `burst`.
        case animationFrame(Int, burst: Int)

        // MARK: From elsewhere

        /// The saved registration was changed elsewhere (another page or the shell of this run, another
        /// process): read it again, so every screen of the run agrees on whether the user is registered.
        case savedRegistrationChanged
        /// That read's outcome.
        case finishedReadingRegistration(SavedRegistration)
    }
}
