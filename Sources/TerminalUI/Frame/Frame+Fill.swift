extension Frame {
    /// Sets every cell of `rect` (clipped to the frame) to `character` in `style`, replacing the whole style.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let grapheme = DisplayWidth.of(character) == 1 ? String(character) : " "
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                self[x, y] = Cell(grapheme, style: style)
            }
        }
    }

    /// How far `dim()` takes a painted background towards black.
    public static let dimmedBackgroundShade = 0.45

    /// The backdrop behind a popup: every glyph dimmed, and every painted background darkened (a background
    /// left to the terminal stays its own). Graphemes and foregrounds are kept.
    public mutating func dim() {
        for y in 0..<size.height {
            for x in 0..<size.width {
                restyle(x: x, y: y) { style in
                    style.dim = true
                    style.background = style.background.map {
                        Color.interpolate(from: $0, to: .rgb(0, 0, 0), fraction: Self.dimmedBackgroundShade)
                    }
                }
            }
        }
    }

    /// Sets the background of each cell of `rect` to a colour interpolated from `start` (first column) to
    /// `end` (last column), keeping graphemes and foregrounds.
    public mutating func fillGradient(_ rect: Rect, from start: Color, to end: Color) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let span = rect.width - 1
        for x in area.x..<area.maxX {
            // Position within the whole rect, so clipping does not stretch the gradient.
            let fraction = span > 0 ? Double(x - rect.x) / Double(span) : 0
            let color = Color.interpolate(from: start, to: end, fraction: fraction)
            for y in area.y..<area.maxY {
                restyle(x: x, y: y) { $0.background = color }
            }
        }
    }
}
