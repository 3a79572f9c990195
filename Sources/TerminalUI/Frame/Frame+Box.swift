extension Frame {
    /// Draws the outline of `rect` (its interior is left as it is), with an optional title in the top edge.
    /// Needs at least 2×2 cells; smaller rectangles draw nothing.
    public mutating func drawBox(
        _ rect: Rect, lineStyle: LineStyle = .single, style: Style = .plain, title: String? = nil,
        titleStyle: Style? = nil
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let glyphs = lineStyle.glyphs
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        for x in (rect.x + 1)..<right {
            putGlyph(glyphs.horizontal, x: x, y: rect.y, style: style)
            putGlyph(glyphs.horizontal, x: x, y: bottom, style: style)
        }
        for y in (rect.y + 1)..<bottom {
            putGlyph(glyphs.vertical, x: rect.x, y: y, style: style)
            putGlyph(glyphs.vertical, x: right, y: y, style: style)
        }
        putGlyph(glyphs.topLeft, x: rect.x, y: rect.y, style: style)
        putGlyph(glyphs.topRight, x: right, y: rect.y, style: style)
        putGlyph(glyphs.bottomLeft, x: rect.x, y: bottom, style: style)
        putGlyph(glyphs.bottomRight, x: right, y: bottom, style: style)
        if let title, !title.isEmpty, rect.width >= 5 {
            let room = rect.width - 4
            let text = " " + TextLayout.ellipsize(title, width: room) + " "
            put(text, at: Point(x: rect.x + 1, y: rect.y), style: titleStyle ?? style, maxWidth: rect.width - 2)
        }
    }

    private mutating func putGlyph(_ glyph: String, x: Int, y: Int, style: Style) {
        guard contains(x: x, y: y) else { return }
        setGrapheme(glyph, width: 1, x: x, y: y, style: style.keepingBackground(of: self[x, y].style))
    }
}
