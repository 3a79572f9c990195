/// Where a line of text sits in a wider rectangle.
public enum HorizontalAlignment: Sendable, Equatable {
    case leading, center, trailing
}

extension Frame {
    /// Writes one line of text starting at `point`, clipped to the frame and to `maxWidth` columns, and
    /// returns the columns used. Zero-width graphemes (controls, stray combining marks) are skipped; a nil
    /// background keeps the cell's background.
    @discardableResult
    public mutating func put(_ text: String, at point: Point, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard point.y >= 0, point.y < size.height else { return 0 }
        let limit = min(point.x + (maxWidth ?? Int.max / 2), size.width)
        var x = point.x
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if x + width > limit { break }
            if x >= 0 {
                let cellStyle = style.keepingBackground(of: self[x, point.y].style)
                setGrapheme(String(character), width: width, x: x, y: point.y, style: cellStyle)
            } else if x + width > 0 {
                // A wide grapheme cut by the left edge leaves its visible half blank.
                self[0, point.y] = Cell(" ", style: style.keepingBackground(of: self[0, point.y].style))
            }
            x += width
        }
        return max(x - max(point.x, 0), 0)
    }

    /// Writes one line of text on the first row of `rect`, aligned and shortened with `…` to fit its width.
    public mutating func put(
        _ text: String, in rect: Rect, style: Style = .plain, alignment: HorizontalAlignment = .leading
    ) {
        guard !rect.isEmpty else { return }
        let line = TextLayout.ellipsize(text, width: rect.width)
        let free = rect.width - DisplayWidth.of(line)
        let offset =
            switch alignment {
            case .leading: 0
            case .center: free / 2
            case .trailing: free
            }
        put(line, at: Point(x: rect.x + offset, y: rect.y), style: style, maxWidth: rect.width - offset)
    }

    /// Word-wraps text into `rect`, one wrapped line per row; the last visible line ends in `…` when text
    /// is left over. Returns the rows used.
    @discardableResult
    public mutating func putWrapped(
        _ text: String, in rect: Rect, style: Style = .plain, alignment: HorizontalAlignment = .leading
    ) -> Int {
        guard !rect.isEmpty else { return 0 }
        var lines = TextLayout.wrap(text, width: rect.width)
        if lines.count > rect.height {
            lines = Array(lines.prefix(rect.height))
            let last = lines.removeLast()
            lines.append(TextLayout.withEllipsis(last, width: rect.width))
        }
        for (row, line) in lines.enumerated() {
            put(
                line, in: Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1), style: style,
                alignment: alignment)
        }
        return lines.count
    }
}
