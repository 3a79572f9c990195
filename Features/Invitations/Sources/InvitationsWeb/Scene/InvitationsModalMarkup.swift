import InvitationsFeature
import WebUI

/// The modal layer: a backdrop that dims the page, and the dialog on top (the request form, the cancel
/// alert or a celebration with its confetti). The layer is always in the page, empty and hidden while closed.
///
/// The three dialogs share their skeleton's keys (`inv-dialog` › `inv-form` › `inv-actions` › `inv-primary`),
/// so the button that was pressed (Send, the alert's Cancel invite) becomes the celebration's OK in place
/// and keeps the keyboard focus.
enum InvitationsModalMarkup {
    typealias ViewState = InvitationsPresenter.ViewState

    static func layer(_ modal: ViewState.Modal?, heldValues: [InvitationField: HeldInput], failedSends: Int = 0) -> HTML {
        guard let modal else { return Tag.div(.class("inv-layer"), .hidden()).id("inv-layer") }
        return Tag.div(.class("inv-layer")) {
            switch modal {
            case .requestForm(let form):
                Tag.div(.class("inv-backdrop"), .data("action", InvitationsWebAction.dismiss.name))
                InvitationsFormMarkup.dialog(form, heldValues: heldValues, failedSends: failedSends)
            case .cancelAlert(let alert):
                // An alert asks for a choice: a click beside it does not answer it (Escape keeps the invite).
                Tag.div(.class("inv-backdrop"))
                alertDialog(alert)
            case .celebration(let celebration):
                Tag.div(.class("inv-backdrop"), .data("action", InvitationsWebAction.dismiss.name))
                celebrationDialog(celebration)
                ConfettiMarkup.burst(celebration.kind)
            }
        }
        .id("inv-layer")
    }

    private static func alertDialog(_ alert: ViewState.CancelAlert) -> HTML {
        Tag.div(
            .class("inv-dialog inv-alert"), .role("alertdialog"), .aria("modal", "true"), .aria("labelledby", "inv-dialog-title"),
            .aria("describedby", "inv-dialog-message")
        ) {
            Tag.h2(.class("inv-dialog-title")) { alert.title }.id("inv-dialog-title")
            // A form only so its parts keep their keys into the cancelled view; its buttons act by themselves.
            Tag.form(.class("inv-form"), .data("action", InvitationsWebAction.alert.name)) {
                Tag.p(.class("inv-message")) { alert.message }.id("inv-dialog-message")
                Tag.div(.class("inv-actions")) {
                    Tag.button(.class("inv-button inv-secondary"), .type("button"), .data("action", InvitationsWebAction.keep.name)) {
                        alert.keepButton
                    }
                    .id("inv-secondary")
                    Tag.button(.class("inv-button inv-danger"), .type("button"), .data("action", InvitationsWebAction.confirmCancel.name)) {
                        alert.cancelButton
                    }
                    .id("inv-primary")
                }
                .id("inv-actions")
            }
            .id("inv-form")
        }
        .id("inv-dialog")
    }

    /// OK submits its form, so Enter and a click both dismiss; the confetti is drawn beside the dialog.
    private static func celebrationDialog(_ celebration: ViewState.Celebration) -> HTML {
        Tag.div(
            .class("inv-dialog inv-celebration inv-celebration-\(celebration.kind == .registered ? "registered" : "cancelled")"),
            .role("dialog"), .aria("modal", "true"), .aria("labelledby", "inv-dialog-title"),
            .aria("describedby", "inv-dialog-message")
        ) {
            Tag.h2(.class("inv-dialog-title")) { celebration.title }.id("inv-dialog-title")
            Tag.form(.class("inv-form"), .data("action", InvitationsWebAction.dismiss.name)) {
                Tag.p(.class("inv-message")) { celebration.message }.id("inv-dialog-message")
                Tag.div(.class("inv-actions")) {
                    Tag.button(.class("inv-button inv-primary"), .type("submit")) { celebration.button }.id("inv-primary")
                }
                .id("inv-actions")
            }
            .id("inv-form")
        }
        .id("inv-dialog")
    }
}
