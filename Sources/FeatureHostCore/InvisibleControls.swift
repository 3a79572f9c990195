/// Characters that are never drawn but change what is drawn around them: C0 and C1 controls (an escape sequence
/// in a title must never reach a terminal) and Unicode format characters, among them the bidirectional overrides
/// and isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C) that can make `gpj.exe` read as
/// `exe.jpg`. One definition for both surfaces: the terminal skips a grapheme made only of these (its width is 0),
/// and the web page's HTML builder drops the same graphemes from every text and attribute it writes.
///
/// Only whole graphemes go: a zero-width joiner inside an emoji sequence or after a letter, and the tag
/// characters of a flag, belong to a visible grapheme and stay.
public enum InvisibleControls {
    /// A control or format character. The soft hyphen (U+00AD) is a format character that is drawn, so it is not.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0xA0 || value == 0xAD { return false }
        switch scalar.properties.generalCategory {
        case .control, .format: return true
        default: return false
        }
    }

    /// Tab, line feed and carriage return: controls that are white space on a web page. Made once: a set built
    /// for every call cost the page's render more than the check itself.
    public static let whiteSpace: Set<Unicode.Scalar> = ["\t", "\n", "\r"]

    /// `text` without its graphemes made only of invisible controls; the whitespace controls in `keeping` (tab,
    /// line feed and carriage return for the web page, where they are ordinary white space) stay. Text with none
    /// comes back as it is, after one pass over its bytes.
    public static func removed(from text: String, keeping: Set<Unicode.Scalar> = whiteSpace) -> String {
        guard needsWork(text, keeping: keeping) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            let scalars = character.unicodeScalars
            let invisible = scalars.allSatisfy { contains($0) && !keeping.contains($0) }
            if !invisible { result.append(character) }
        }
        return result
    }

    /// Whether any scalar may have to go: printable ASCII is decided on its byte alone.
    private static func needsWork(_ text: String, keeping: Set<Unicode.Scalar>) -> Bool {
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte < 0x20 || byte == 0x7F, !keeping.contains(Unicode.Scalar(byte)) { return true }
        }
        if isASCII { return false }
        return text.unicodeScalars.contains { contains($0) && !keeping.contains($0) }
    }
}
