import OfferCountdownFeature
import TerminalUI

extension Frame {
    /// Draws the timer: four boxes of two digit characters with `:` between them on the digits' row.
    ///
    /// A rolling digit is drawn on a strip that scrolls up inside its box: the old digit on the middle row,
    /// the new one just below the box. Each roll step moves the strip one row further (the first step already
    /// one row, so every frame of the roll shows motion); the settled digit is back on the middle row.
    mutating func drawCountdown(_ countdown: CountdownState, layout: OfferLayout) {
        let border = Style(foreground: OfferCountdownPalette.color(.pink))
        let digitStyle = Style(foreground: OfferCountdownPalette.white, background: OfferCountdownPalette.boxBackground, bold: true)
        for (box, pair) in zip(layout.boxes, countdown.boxes) {
            fill(box, style: Style(background: OfferCountdownPalette.boxBackground))
            drawBox(box, lineStyle: .rounded, style: border)
            let inner = box.insetBy(dx: 1, dy: 1)
            let firstColumn = inner.x + (inner.width - pair.count) / 2
            for (index, digit) in pair.enumerated() {
                drawRollingDigit(digit, column: firstColumn + index, in: inner, style: digitStyle)
            }
        }
        // The `:` sit on the terminal's own background: its own text colour reads on any theme.
        let separatorStyle = Style(bold: true)
        for separator in layout.separators { put(":", at: separator.origin, style: separatorStyle) }
    }

    private mutating func drawRollingDigit(_ digit: RollingDigit, column: Int, in inner: Rect, style: Style) {
        let middle = inner.y + inner.height / 2
        guard let roll = digit.roll else {
            put(String(digit.digit), at: Point(x: column, y: middle), style: style)
            return
        }
        // The new digit starts just below the box: `travel` rows from the middle.
        let travel = inner.height / 2 + 1
        let offset = min(1 + Int(roll.progress * Double(travel - 1)), travel - 1)
        for (value, row) in [(roll.from, middle - offset), (digit.digit, middle + travel - offset)]
        where row >= inner.y && row < inner.maxY {
            put(String(value), at: Point(x: column, y: row), style: style)
        }
    }
}
