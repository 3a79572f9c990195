import InvitationsFeature

/// A field's `<input>` attributes as they were when the page began editing it, kept until the edit is
/// committed (`change` on leaving the field, or the form's submit).
///
/// Why: the client syncs an unfocused input's value to its `value` attribute whenever an update touches
/// that input. Were each keystroke's state echoed into the input (its `value`, or `aria-invalid` as the
/// messages follow the typing), an update for an earlier keystroke arriving just after focus left the
/// field would put older text back into it. Held, the input is not touched while edited; committed, it
/// takes the presenter's text (cleaned and capped) and validity in one step. The message under the field
/// (`aria-describedby`) still follows every keystroke.
struct HeldInput: Equatable {
    var value: String
    var isInvalid: Bool

    init(value: String, isInvalid: Bool) {
        self.value = value
        self.isInvalid = isInvalid
    }

    init(_ field: InvitationsPresenter.ViewState.Field) {
        self.init(value: field.text, isInvalid: field.error != nil)
    }
}
