extension InvitationsPresenter {
    /// A control that can take focus: the form's fields and Send, or one of the cancel alert's choices.
    /// The page's button and a celebration's OK have focus whenever they are shown.
    public enum FocusTarget: Equatable, Sendable {
        case field(InvitationField)
        case send
        case alert(ViewState.CancelAlert.Choice)
    }
}
