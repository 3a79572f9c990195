import OfferCountdownFeature
import WebUI

/// The popup layer: a backdrop that darkens the offer and closes the popup when clicked, and the dialog with
/// `Great!` (its shadow colour from the view state) and `Offer activated at <time>`. The layer is always in the
/// page, empty and hidden while closed, so opening and closing change this one element.
enum OfferPopupMarkup {
    static func layer(_ popup: OfferPopupState?) -> HTML {
        guard let popup else { return Tag.div(.class("offer-modal"), .hidden()).id("offer-modal") }
        return Tag.div(.class("offer-modal")) {
            // A sibling of the dialog, not its parent: a click inside the dialog must not reach this action.
            Tag.div(.class("offer-backdrop"), .data("action", OfferCountdownWebAction.dismiss.name))
            Tag.div(
                .class("offer-popup"), .role("dialog"), .aria("modal", "true"), .aria("labelledby", "offer-popup-title"),
                .aria("describedby", popup.note == nil ? "offer-popup-message" : "offer-popup-message offer-popup-note")
            ) {
                Tag.button(
                    .class("offer-popup-close"), .type("button"), .data("action", OfferCountdownWebAction.dismiss.name),
                    .aria("label", OfferWebCopy.closePopupLabel)
                ) { OfferCopy.design.close }
                .id("offer-popup-close")
                Tag.h2(.class("offer-great offer-shadow-\(popup.titleShadow.rawValue)")) { popup.title }.id("offer-popup-title")
                Tag.p(.class("offer-popup-message")) { popup.message }.id("offer-popup-message")
                if let note = popup.note { Tag.p(.class("offer-popup-note")) { note }.id("offer-popup-note") }
            }
        }
        .id("offer-modal")
    }
}
