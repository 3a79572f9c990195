import TerminalUI

/// The hand-over drawn with cells: a terminal cannot scale glyphs or blend pixels, so this approximates both.
/// - `zoomed` scales a layer up around its centre by repeating cells (nearest neighbour): the logo and the
///   loader, made of blocks and dots, grow as a picture would.
/// - `blend` lays a layer over another with an opacity: colours mix in 24-bit; where the top layer is blank
///   the lower layer's glyph shows through in colours faded towards the top's background; where both have a
///   glyph, the more opaque layer's glyph wins.
enum LayerCompositor {
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
            var x = 0
            while x < bottom.size.width {
                let lower = bottom[x, y]
                let upper = top[x, y]
                let upperBlank = isBlank(upper)
                let background = mix(lower.style.background ?? ChatsPalette.background, upper.style.background ?? ChatsPalette.background, opacity)
                let wideLower = !lower.isContinuation && bottom[x + 1, y].isContinuation && x + 1 < bottom.size.width
                if wideLower, upperBlank, isBlank(top[x + 1, y]) {
                    var style = lower.style
                    style.background = background
                    style.foreground = mix(lower.style.foreground ?? ChatsPalette.text, upper.style.background ?? ChatsPalette.background, opacity)
                    result.put(lower.grapheme, at: Point(x: x, y: y), style: style)
                    x += 2
                    continue
                }
                var style = upperBlank ? lower.style : upper.style
                style.background = background
                let glyph: String
                if upperBlank {
                    glyph = isBlank(lower) || wideLower ? " " : lower.grapheme
                    style.foreground = mix(lower.style.foreground ?? ChatsPalette.text, upper.style.background ?? ChatsPalette.background, opacity)
                } else if isBlank(lower) || wideLower {
                    glyph = upper.grapheme
                    style.foreground = mix(lower.style.background ?? ChatsPalette.background, upper.style.foreground ?? ChatsPalette.text, opacity)
                } else {
                    glyph = opacity >= 0.5 ? upper.grapheme : lower.grapheme
                    style.foreground = mix(lower.style.foreground ?? ChatsPalette.text, upper.style.foreground ?? ChatsPalette.text, opacity)
                }
                result[x, y] = Cell(glyph, style: style)
                x += 1
            }
        }
        return result
    }

    private static func isBlank(_ cell: Cell) -> Bool { cell.grapheme == " " || cell.isContinuation }

    /// `from` at opacity 0, `to` at 1.
    private static func mix(_ from: Color, _ to: Color, _ fraction: Double) -> Color {
        Color.interpolate(from: from, to: to, fraction: fraction)
    }
}
