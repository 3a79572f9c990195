import Foundation

/// Server text made safe and tidy for any surface: no control characters (an escape sequence in a title must
/// never reach a terminal), no trailing spaces (some `ingress`/`description` strings end with one).
enum DisplayText {
    /// One line: line breaks and tabs become spaces, other controls are dropped, runs of spaces collapse, ends are
    /// trimmed.
    static func line(_ text: String) -> String {
        // Most titles are already tidy: keep them as they are without building a new string (10,000 rows at open).
        if isTidyASCII(text) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isWhitespace(scalar) {
                pendingSpace = !result.isEmpty
                continue
            }
            if isControl(scalar) { continue }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                pendingSpace = false
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// A reason that reads as a sentence (a source's error, which may end on a quote or a bracket: `…instead of
    /// "success"`, `…(at content[0].title: the key "title" is missing)`): ended with a full stop unless it already
    /// ends a sentence, so the next sentence on the screen (`Press r to retry.`) does not run on from it.
    static func sentence(_ text: String) -> String {
        let trimmed = line(text)
        let closers: Set<Character> = ["\"", "'", ")", "]", "”", "’", "»"]
        guard let last = trimmed.reversed().first(where: { !closers.contains($0) }) else { return trimmed }
        if [".", "!", "?", "…"].contains(last) { return trimmed }
        return trimmed + "."
    }

    /// Paragraphs: keeps line breaks (CRLF and CR become LF), tidies each line as `line`, and drops empty lines at
    /// the ends.
    static func paragraphs(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var lines = normalized.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Printable ASCII with single spaces only between words.
    private static func isTidyASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
            previous = byte
        }
        return previous != 0x20
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
