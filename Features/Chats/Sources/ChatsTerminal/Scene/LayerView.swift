import TerminalUI

/// The hand-over drawn with cells: a terminal cannot scale glyphs or blend pixels, so this approximates both.
/// - `zoomed` scales a layer up around its centre by repeating cells (nearest neighbour): the logo and the
///   loader, made of blocks and dots, grow as a picture would.
/// - `blend` lays a layer over another with an opacity: colours mix in 24-bit in every cell; the glyphs of a
///   row come from one layer only (the one with glyphs there, or the more opaque when both have some), so
///   plain text never interleaves the logo and the list in one word or row.
enum LayerView {
    static func zoomed(_ frame: Frame, by scale: Double) -> Frame {
        guard scale > 1.0005 else { return frame }
        var result = Frame(size: frame.size, fill: ChatsPalette.blankCell)
        let cx = Double(frame.size.width) / 2
        let cy = Double(frame.size.height) / 2
        for y in 0..<frame.size.height {
            let sy = Int(((Double(y) + 0.5 - cy) / scale + cy).rounded(.down))
            for x in 0..<frame.size.width {
                let sx = Int(((Double(x) + 0.5 - cx) / scale + cx).rounded(.down))
                var cell = frame[sx, sy]
                // Repeating half of a wide grapheme would break the grid: show its background instead.
                if cell.isContinuation || DisplayWidth.of(cell.grapheme) != 1 { cell = Cell(" ", style: cell.style) }
                result[x, y] = cell
            }
        }
        return result
    }

    /// `content` drawn at `scale` of the screen, centred on the window colour. Text cannot shrink, so the
    /// content is laid out into the smaller rectangle by `render`.
    static func shrunk(size: Size, scale: Double, render: (Size) -> Frame) -> Frame {
        guard scale < 0.9995 else { return render(size) }
        var result = Frame(size: size, fill: Cell(" ", style: Style(foreground: ChatsPalette.window, background: ChatsPalette.window)))
        let inner = Size(width: Int((Double(size.width) * scale).rounded()), height: Int((Double(size.height) * scale).rounded()))
        let rect = result.bounds.centered(inner)
        result.draw(render(rect.size), at: rect.origin)
        return result
    }

    static func blend(_ top: Frame, over bottom: Frame, opacity: Double) -> Frame {
        if opacity >= 0.9995 { return top }
        if opacity <= 0.0005 { return bottom }
        var result = Frame(size: bottom.size, fill: ChatsPalette.blankCell)
        for y in 0..<bottom.size.height {
            // One layer's glyphs per row: mixing them cell by cell tears words ("the gam▄▄▄▄?") and shows
            // neither picture. Where only one layer has glyphs in a row it shows them; where both do, the more
            // opaque one does. Colours still mix in every cell.
            let upperHasGlyphs = hasGlyphs(top, row: y)
            let upperWins = upperHasGlyphs && (opacity >= 0.5 || !hasGlyphs(bottom, row: y))
            for x in 0..<bottom.size.width {
                let lower = bottom[x, y]
                let upper = top[x, y]
                var style = upperWins ? upper.style : lower.style
                style.background = mix(
                    lower.style.background ?? ChatsPalette.background, upper.style.background ?? ChatsPalette.background, opacity)
                if upperWins {
                    style.foreground = mix(
                        lower.style.background ?? ChatsPalette.background, upper.style.foreground ?? ChatsPalette.text, opacity)
                    result[x, y] = Cell(upper.grapheme, style: style)
                } else {
                    // The lower row as it is, wide graphemes and their continuation cells included.
                    style.foreground = mix(
                        lower.style.foreground ?? ChatsPalette.text, upper.style.background ?? ChatsPalette.background, opacity)
                    var cell = lower
                    cell.style = style
                    result[x, y] = cell
                }
            }
        }
        return result
    }

    private static func hasGlyphs(_ frame: Frame, row y: Int) -> Bool {
        (0..<frame.size.width).contains { !isBlank(frame[$0, y]) }
    }

    private static func isBlank(_ cell: Cell) -> Bool { cell.grapheme == " " || cell.isContinuation }

    /// `from` at opacity 0, `to` at 1.
    private static func mix(_ from: Color, _ to: Color, _ fraction: Double) -> Color {
        Color.interpolate(from: from, to: to, fraction: fraction)
    }
}
