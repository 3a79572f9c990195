import InvitationsFeature
import WebUI

/// The request form: a real form (labels, `autocomplete`, Enter submits) whose fields send their text on
/// each edit and whose submit presses Send. The browser's own validation bubbles are off (`novalidate`): the
/// presenter's messages show inline under each field once Send has been pressed.
///
/// While sending the form is locked: fields `readonly` (they keep focus and caret, unlike `disabled` ones,
/// and still submit their values), Send `aria-disabled`, the form `aria-busy`, and the status line says
/// `Sending, please wait...`. A failure's message (the server's 400 text as sent) takes that line's place.
enum InvitationsFormMarkup {
    typealias ViewState = InvitationsPresenter.ViewState

    /// After a refused Send the form's `data-fh-reveal` counts the refusals: each new value makes the client
    /// scroll the first invalid field (with its label) into view and focus it, even when the errors shown did
    /// not change (docs/web-surface.md, "Dialogs").
    ///
    /// - Parameters:
    ///   - heldValues: fields being edited, with the input attributes they keep until committed.
    ///   - failedSends: Sends refused for invalid fields so far; no attribute while 0.
    static func dialog(_ form: ViewState.RequestForm, heldValues: [InvitationField: HeldInput] = [:], failedSends: Int = 0) -> HTML {
        Tag.div(.class("inv-dialog inv-request"), .role("dialog"), .aria("modal", "true"), .aria("labelledby", "inv-dialog-title")) {
            Tag.h2(.class("inv-dialog-title")) { form.title }.id("inv-dialog-title")
            Tag.form(
                .class("inv-form"), .data("action", InvitationsWebAction.send.name), .novalidate(),
                .aria("busy", form.isSending ? "true" : "false"),
                .when(failedSends > 0, .data("fh-reveal", String(failedSends)))
            ) {
                for field in form.fields {
                    self.field(field, input: heldValues[field.id] ?? HeldInput(field), isLocked: form.isSending)
                }
                status(form.status)
                Tag.div(.class("inv-actions")) {
                    Tag.button(.class("inv-button inv-primary"), .type("submit"), .aria("disabled", form.isSending ? "true" : "false")) {
                        form.sendButton
                    }
                    .id("inv-primary")
                }
                .id("inv-actions")
            }
            .id("inv-form")
            // Last in the document so Tab reaches the fields first; the stylesheet puts it top-right.
            Tag.button(
                .class("inv-close"), .type("button"), .data("action", InvitationsWebAction.dismiss.name),
                .aria("label", InvitationsWebCopy.closeFormLabel), .aria("disabled", form.isSending ? "true" : "false")
            ) { InvitationsWebCopy.close }
            .id("inv-close")
        }
        .id("inv-dialog")
    }

    private static func field(_ field: ViewState.Field, input held: HeldInput, isLocked: Bool) -> HTML {
        let name = field.id.rawValue
        let inputID = "inv-\(name)"
        let errorID = "inv-\(name)-error"
        return Tag.div(.class("inv-field"), .when(field.error != nil, .class("inv-invalid"))) {
            Tag.label(.class("inv-label"), .for(inputID)) { field.label }
            Tag.input(
                .class("inv-input"), .type(inputType(field.id)), .name(name),
                .data("action", InvitationsWebAction.field(field.id).name), .value(held.value),
                .placeholder(field.placeholder), .autocomplete(autocomplete(field.id)), .maxlength(TextFieldValue.maximumLength),
                .readonly(isLocked), .aria("invalid", held.isInvalid ? "true" : "false"), .aria("describedby", errorID)
            )
            .id(inputID)
            // Always there (empty when valid), so a message appearing does not move the fields below.
            Tag.p(.class("inv-error")) { field.error ?? "" }.id(errorID)
        }
        .id("inv-field-\(name)")
    }

    private static func status(_ status: ViewState.Status?) -> HTML {
        let tone: String
        switch status?.tone {
        case .progress: tone = "inv-status-progress"
        case .error: tone = "inv-status-error"
        case nil: tone = "inv-status-none"
        }
        return Tag.p(.class("inv-status \(tone)"), .role("status")) { status?.text ?? "" }.id("inv-status")
    }

    private static func inputType(_ field: InvitationField) -> String {
        field == .fullName ? "text" : "email"
    }

    private static func autocomplete(_ field: InvitationField) -> String {
        field == .fullName ? "name" : "email"
    }
}
