/// The request form's editable state. It outlives the modal: closing the form keeps what was typed (so
/// closing it by accident loses nothing) until a request succeeds.
struct RequestFormModel: Equatable {
    /// Focusable elements in focus order.
    enum Element: CaseIterable, Equatable {
        case field(InvitationField)
        case send

        static let allCases: [Element] = InvitationField.allCases.map(Element.field) + [.send]
    }

    enum Phase: Equatable {
        case editing
        /// The request for `invitation` is in flight.
        case sending(Invitation)
    }

    var values: [InvitationField: TextFieldValue] = [:]
    var focus: Element = .field(.fullName)
    /// Set by the first Send: from then on errors show and follow every change.
    var attempted = false
    var phase: Phase = .editing
    /// Why the last request failed (the backend's own message for a 400); replaced by the next Send.
    var failure: String?

    func value(_ field: InvitationField) -> TextFieldValue { values[field] ?? TextFieldValue() }

    var isSending: Bool {
        if case .sending = phase { return true }
        return false
    }

    var problems: [InvitationField: FieldProblem] {
        InvitationValidation.problems(
            name: value(.fullName).text, email: value(.email).text, confirmation: value(.confirmEmail).text)
    }

    /// The trimmed values, ready to send.
    var invitation: Invitation {
        Invitation(
            name: InvitationValidation.trimmed(value(.fullName).text), email: InvitationValidation.trimmed(value(.email).text))
    }

    /// Cycles through `Element.allCases`.
    mutating func moveFocus(by step: Int) {
        let elements = Element.allCases
        let index = elements.firstIndex(of: focus) ?? 0
        focus = elements[(index + step + elements.count) % elements.count]
    }

    /// Applies an edit to the focused field; nothing while sending or when Send has focus.
    mutating func edit(_ change: (inout TextFieldValue) -> Bool) {
        guard !isSending, case .field(let field) = focus else { return }
        var value = self.value(field)
        if change(&value) { values[field] = value }
    }

    /// Replaces a field's whole text (a binding-style surface reports the text, not the keystrokes), cleaned
    /// and capped like typed text, with the cursor at its end; nothing while sending. Focus does not move.
    mutating func setText(_ text: String, of field: InvitationField) {
        guard !isSending else { return }
        values[field] = TextFieldValue(text)
    }
}
