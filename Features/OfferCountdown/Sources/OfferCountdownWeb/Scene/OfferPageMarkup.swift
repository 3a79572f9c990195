import FeatureHostCore
import OfferCountdownFeature
import WebUI

/// The offer page as HTML: the artwork with its `✕` on the left, the design's strings and the timer on the
/// right, the portrait message (shown by the stylesheet instead of the offer when the page is taller than
/// wide), and the popup layer. Pure: the same state gives the same bytes.
///
/// The root's children never change in number or order (the popup layer is always there, empty while
/// closed). What changes is keyed (the offer, its `✕`, the button, the popup layer and each digit), so the live
/// diff names exactly those elements: a second replaces a digit, opening the popup sets a few attributes and
/// fills the layer.
enum OfferPageMarkup {
    static let artworkPath = WebAssets.path(feature: OfferCountdownFeature.manifest.id, file: "artwork.svg")

    static func page(_ state: OfferCountdownPresenter.ViewState, rolledFrom froms: [Int?], rollMilliseconds: Int) -> HTML {
        let isPopupOpen = state.popup != nil
        // Escape and Enter close the popup; on the main screen they are left to the browser and the shell.
        let keys: HTMLAttribute = .when(isPopupOpen, .data("keys", "Escape Enter"))
        return Tag.div(.class("offer"), .data("fh-vars", "--roll:\(rollMilliseconds)ms"), keys) {
            artwork(close: state.copy.close, isPopupOpen: isPopupOpen)
            content(state, rolledFrom: froms, isPopupOpen: isPopupOpen)
            portraitMessage()
            OfferPopupMarkup.layer(state.popup)
        }
        .id("offer")
    }

    /// Shown by the stylesheet instead of the offer when the page is taller than wide: a phone turning, and
    /// the terminal's words.
    private static func portraitMessage() -> HTML {
        Tag.div(.class("offer-portrait")) {
            Tag.svg(
                .class("offer-portrait-icon"), .viewBox("0 0 64 64"), .width("64"), .height("64"), .fill("none"),
                .stroke("currentColor"), .strokeWidth("3"), .aria("hidden", "true")
            ) {
                Tag.path(.d("M20 10h16a4 4 0 0 1 4 4v36a4 4 0 0 1-4 4H20a4 4 0 0 1-4-4V14a4 4 0 0 1 4-4z"))
                Tag.path(.d("M26 48h4"))
                Tag.path(.d("M46 16a16 16 0 0 1 8 14m0 0l3-5m-3 5l-5-3"))
            }
            Tag.p(.class("offer-portrait-title")) { OfferWebCopy.portraitTitle }
            Tag.p(.class("offer-portrait-hint")) { OfferWebCopy.portraitHint }
        }
    }

    /// The artwork is decoration (empty `alt`); the `✕` on it is a real button that does nothing, as the spec
    /// says. While the popup is open it leaves the tab order, so Tab goes from the focused button to the popup.
    private static func artwork(close: String, isPopupOpen: Bool) -> HTML {
        Tag.div(.class("offer-art")) {
            Tag.img(.class("offer-art-image"), .src(artworkPath), .alt(""))
            Tag.button(
                .class("offer-close"), .type("button"), .aria("label", OfferWebCopy.closeOfferLabel),
                .when(isPopupOpen, .tabindex(-1))
            ) { close }
            .id("offer-close")
        }
    }

    private static func content(_ state: OfferCountdownPresenter.ViewState, rolledFrom froms: [Int?], isPopupOpen: Bool) -> HTML {
        let copy = state.copy
        return Tag.div(.class("offer-content")) {
            Tag.div(.class("offer-group")) {
                Tag.h1(.class("offer-headline")) { copy.headline }
                Tag.p(.class("offer-subheadline")) { copy.subheadline }
            }
            Tag.div(.class("offer-group")) {
                Tag.p(.class("offer-discount")) { copy.discount }
                Tag.p(.class("offer-audience")) { copy.audience }
            }
            OfferTimerMarkup.timer(state.countdown, rolledFrom: froms)
            // Only once expired: the timer before it keeps its place, so the live diff's paths to the digits hold.
            if let note = state.expiredNote { Tag.p(.class("offer-expired"), .role("status")) { note } }
            Tag.p(.class("offer-caption")) { copy.caption }
            activateButton(state.activateButton, isPopupOpen: isPopupOpen)
            Tag.footer(.class("offer-links")) {
                // No destination in the spec: placeholder links (no href), drawn as links, not focusable.
                for title in copy.footerLinks { Tag.a(.class("offer-link")) { title } }
            }
        }
    }

    /// The gradient comes from the view state's colour names (`offer-from-blue offer-to-pink`; grey once the
    /// offer expired, when the button is also `disabled`). Behind an open popup the button keeps its key (and
    /// so the focus it may have) but drops its action: Enter there closes the popup and cannot reopen it.
    private static func activateButton(_ button: ActivateButtonState, isPopupOpen: Bool) -> HTML {
        let from = button.gradient.first ?? .gray
        let to = button.gradient.last ?? from
        return Tag.button(
            .class("offer-activate offer-from-\(from.rawValue) offer-to-\(to.rawValue)"), .type("button"),
            isPopupOpen ? .tabindex(-1) : .data("action", OfferCountdownWebAction.activate.name), .disabled(!button.isEnabled)
        ) { button.title }
        .id("offer-activate")
    }
}
