extension Frame {
    /// One string per row without styles, trailing spaces trimmed; continuation cells add nothing because
    /// their wide lead already fills two columns.
    public func plainLines() -> [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width {
                line += cells[y * size.width + x].grapheme
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The rows of `plainLines()` joined by newlines: what tests and `featurehost snapshot` compare.
    public func plainText() -> String { plainLines().joined(separator: "\n") }
}
