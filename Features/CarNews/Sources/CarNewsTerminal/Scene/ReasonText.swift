import TerminalUI

/// Wraps a message that may hold a web address (an error's reason, a notice). `TextLayout.wrap` cuts a word wider
/// than the line anywhere (`…/get_articles_l` / `ist.`); an address here is cut only after a `/`, so each line
/// ends on a whole part of it. A part still wider than the line (no `/` in reach) is cut as `TextLayout` does.
enum ReasonText {
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { wrapParagraph(String($0), width: width) }
    }

    private static func wrapParagraph(_ text: String, width: Int) -> [String] {
        let words = text.split(separator: " ").map(String.init)
        guard words.contains(where: { DisplayWidth.of($0) > width }) else { return TextLayout.wrap(text, width: width) }
        var lines: [String] = []
        var line = ""
        for word in words {
            for piece in pieces(of: word, width: width) {
                let joined = line.isEmpty ? piece.text : line + (piece.continues ? "" : " ") + piece.text
                if DisplayWidth.of(joined) <= width {
                    line = joined
                } else {
                    if !line.isEmpty { lines.append(line) }
                    line = piece.text
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines.flatMap { DisplayWidth.of($0) > width ? TextLayout.wrap($0, width: width) : [$0] }
    }

    /// A word as the parts a line may end after: each ends with its `/` (the last with the rest); every part but
    /// the first continues the one before it without a space.
    private static func pieces(of word: String, width: Int) -> [(text: String, continues: Bool)] {
        guard DisplayWidth.of(word) > width, word.contains("/") else { return [(word, false)] }
        var parts: [String] = []
        var part = ""
        let characters = Array(word)
        for (index, character) in characters.enumerated() {
            part.append(character)
            // After a `/`, but not inside `//`: `http://` stays whole.
            if character == "/", index + 1 == characters.count || characters[index + 1] != "/" {
                parts.append(part)
                part = ""
            }
        }
        if !part.isEmpty { parts.append(part) }
        return parts.enumerated().map { ($0.element, $0.offset > 0) }
    }
}
