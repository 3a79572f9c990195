import OfferCountdownFeature
import TerminalUI

extension Frame {
    /// The full-height artwork: the offer's blue-to-pink gradient scattered with notes, and the close button on
    /// its top-left (it does nothing, as in the design).
    mutating func drawOfferArtwork(layout: OfferLayout, close: String) {
        let art = layout.artwork
        fill(art, style: Style(foreground: OfferCountdownPalette.white))
        fillGradient(art, from: OfferCountdownPalette.color(.blue), to: OfferCountdownPalette.color(.pink))
        let noteStyle = Style(foreground: OfferCountdownPalette.muted)
        let notes = ["♪", "♫"]
        // A fixed scatter: every third row, shifted by row, clear of the close button's corner.
        for (index, y) in stride(from: art.y + 3, to: art.maxY - 1, by: 3).enumerated() {
            for x in stride(from: art.x + 3 + (index % 3) * 3, to: art.maxX - 2, by: 9) {
                put(notes[(index + x) % 2], at: Point(x: x, y: y), style: noteStyle)
            }
        }
        put(close, at: layout.close.origin, style: Style(foreground: OfferCountdownPalette.white, bold: true))
    }
}
