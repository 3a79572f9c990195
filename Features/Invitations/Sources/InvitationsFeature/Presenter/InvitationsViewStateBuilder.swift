/// Words the presenter's state as its view state: pure functions of the registration, the form model and
/// the celebration, so the presenter itself only decides what changes.
enum InvitationsViewStateBuilder {
    typealias ViewState = InvitationsPresenter.ViewState

    static let registeredBurst = ConfettiBurst(pattern: .cannons, seed: 0xB20C_C011)
    static let cancelledBurst = ConfettiBurst(pattern: .shower, seed: 0x5EE_0FF)

    static func page(for registration: Invitation?, focused: Bool) -> ViewState.Page {
        guard let registration else {
            return ViewState.Page(
                kind: .notRegistered, title: InvitationsCopy.title, text: InvitationsCopy.subtitle,
                button: InvitationsCopy.requestButton, isButtonFocused: focused)
        }
        return ViewState.Page(
            kind: .registered, title: InvitationsCopy.registeredTitle,
            text: InvitationsCopy.registeredText(name: registration.name, email: registration.email),
            button: InvitationsCopy.cancelButton, isButtonFocused: focused)
    }

    static func requestForm(_ form: RequestFormModel) -> ViewState.RequestForm {
        // Errors show only once Send has been pressed; from then on they follow every change.
        let problems = form.attempted ? form.problems : [:]
        let fields = InvitationField.allCases.map { field in
            let value = form.value(field)
            return ViewState.Field(
                id: field, label: InvitationsCopy.label(field), placeholder: InvitationsCopy.placeholder(field),
                text: value.text, cursor: value.cursor, error: problems[field]?.message, isFocused: form.focus == .field(field))
        }
        let status: ViewState.Status?
        if form.isSending {
            status = ViewState.Status(text: InvitationsCopy.sending, tone: .progress)
        } else {
            status = form.failure.map { ViewState.Status(text: $0, tone: .error) }
        }
        return ViewState.RequestForm(
            title: InvitationsCopy.formTitle, fields: fields, sendButton: InvitationsCopy.sendButton,
            isSendFocused: form.focus == .send, isSending: form.isSending, status: status)
    }

    static func cancelAlert(focus: ViewState.CancelAlert.Choice) -> ViewState.CancelAlert {
        ViewState.CancelAlert(
            title: InvitationsCopy.alertTitle, message: InvitationsCopy.alertMessage, keepButton: InvitationsCopy.keepButton,
            cancelButton: InvitationsCopy.confirmCancelButton, focus: focus)
    }

    static func celebration(_ celebration: CelebrationModel) -> ViewState.Celebration {
        let registered = celebration.kind == .registered
        let burst = registered ? registeredBurst : cancelledBurst
        return ViewState.Celebration(
            kind: celebration.kind, title: registered ? InvitationsCopy.doneTitle : InvitationsCopy.cancelledTitle,
            message: registered ? InvitationsCopy.doneMessage : InvitationsCopy.cancelledMessage, button: InvitationsCopy.okButton,
            confetti: burst.pieces(at: ConfettiBurst.frameInterval * celebration.frame))
    }
}
