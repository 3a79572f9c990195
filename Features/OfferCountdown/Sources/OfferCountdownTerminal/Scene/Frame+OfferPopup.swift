import OfferCountdownFeature
import TerminalUI

extension Frame {
    /// Dims the screen and draws the popup: `Great!` over a coloured shadow, then the message.
    mutating func drawOfferPopup(_ popup: OfferPopupState, layout: OfferLayout) {
        dim()
        let panel = Style(foreground: OfferCountdownPalette.white, background: OfferCountdownPalette.boxBackground)
        fill(layout.popup, style: panel)
        drawBox(
            layout.popup, lineStyle: .rounded,
            style: Style(foreground: OfferCountdownPalette.color(.pink), background: OfferCountdownPalette.boxBackground))
        // The shadow is colour only (blank cells), so the title reads once in plain text and to screen readers.
        fill(layout.popupTitleShadow, style: Style(background: OfferCountdownPalette.color(popup.titleShadow)))
        put(popup.title, in: layout.popupTitle, style: Style(foreground: OfferCountdownPalette.white, bold: true))
        put(popup.message, in: layout.popupMessage, style: panel, alignment: .center)
        if let note = popup.note { put(note, in: layout.popupNote, style: panel, alignment: .center) }
    }
}
