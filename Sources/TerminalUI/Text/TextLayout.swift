/// Line breaking and shortening by display width.
public enum TextLayout {
    /// Word-wraps `text` into lines no wider than `width` columns. Explicit newlines start a new line, runs
    /// of spaces between words collapse, and a word longer than a line is broken across lines.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                let word = String(word)
                let wordWidth = DisplayWidth.of(word)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                if wordWidth <= width {
                    line = word
                    lineWidth = wordWidth
                    continue
                }
                var pieces = breakWord(word, width: width)
                let last = pieces.removeLast()
                lines += pieces
                line = last
                lineWidth = DisplayWidth.of(last)
            }
            lines.append(line)
        }
        return lines
    }

    /// `text` unchanged when it fits in `width` columns, otherwise cut and ended with `…`.
    public static func ellipsize(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        return withEllipsis(text, width: width)
    }

    /// `text` cut to leave room for a final `…`, which is always added: marks text that continues elsewhere.
    public static func withEllipsis(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        // "Hello …" reads worse than "Hello…".
        while result.last == " " { result.removeLast() }
        return result + "…"
    }

    /// Splits a word into pieces of at most `width` columns; a piece always takes at least one grapheme so a
    /// wide grapheme in a one-column line cannot loop forever.
    private static func breakWord(_ word: String, width: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var pieceWidth = 0
        for character in word {
            let w = DisplayWidth.of(character)
            if pieceWidth + w > width && !piece.isEmpty {
                pieces.append(piece)
                piece = ""
                pieceWidth = 0
            }
            piece.append(character)
            pieceWidth += w
        }
        pieces.append(piece)
        return pieces
    }
}
