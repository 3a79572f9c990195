import InvitationsFeature
import WebUI

/// The invitations page as HTML: the centred page (brand, heading, text, an optional notice, its one
/// button) and the modal layer above it. Pure: the same state gives the same bytes.
///
/// The root's two children never change in number or order (the layer is always there, empty and hidden
/// while closed), so opening and closing a modal changes the layer, not the page.
enum InvitationsPageMarkup {
    typealias ViewState = InvitationsPresenter.ViewState

    /// - Parameters:
    ///   - heldValues: fields being edited, with the input attributes they keep meanwhile.
    ///   - failedSends: how many Sends this page refused for invalid fields (see `InvitationsFormMarkup`).
    static func root(_ state: ViewState, heldValues: [InvitationField: HeldInput] = [:], failedSends: Int = 0) -> HTML {
        // Escape closes what is open (the form, the alert as "keep", a celebration); a celebration's OK also
        // answers Enter, as in the terminal. With nothing open the keys are the browser's and the shell's.
        let keys: HTMLAttribute
        switch state.modal {
        case nil: keys = .nothing
        case .celebration: keys = .data("keys", "Escape Enter")
        case .requestForm, .cancelAlert: keys = .data("keys", "Escape")
        }
        return Tag.div(.class("invitations"), keys) {
            page(state)
            InvitationsModalMarkup.layer(state.modal, heldValues: heldValues, failedSends: failedSends)
        }
        .id("invitations")
    }

    /// Behind an open modal the page's button keeps its key (and the focus it may have) but leaves the tab
    /// order and drops its action: Tab goes from it into the modal, which follows it in the document.
    private static func page(_ state: ViewState) -> HTML {
        let page = state.page
        let isModalOpen = state.modal != nil
        return Tag.div(.class("inv-page")) {
            Tag.div(.class("inv-card")) {
                Tag.p(.class("inv-brand")) { state.brand }
                Tag.h1(.class("inv-title")) { page.title }.id("inv-title")
                Tag.p(.class("inv-text")) { page.text }.id("inv-text")
                if let notice = state.notice {
                    Tag.p(.class("inv-notice"), .role("status")) { notice }.id("inv-notice")
                }
                Tag.button(
                    .class("inv-button inv-page-button"), .when(page.kind == .registered, .class("inv-danger")),
                    .type("button"), isModalOpen ? .tabindex(-1) : .data("action", InvitationsWebAction.activate.name)
                ) { page.button }
                .id("inv-page-button")
            }
        }
        .id("inv-page")
    }
}
