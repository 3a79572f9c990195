/// How much text one field may carry once it comes from outside the config (a feed, a backend, a file in the data
/// directory, an error): longer text is cut at a character boundary and ends in `…`. Applied once where the text
/// enters a feature's domain, so every view state, both surfaces and every saved copy hold at most this much, and a
/// 5 MB title costs what a long one does.
///
/// Limits count `Character`s (what a person sees as one letter), and the cut also never keeps more than 32 UTF-8
/// bytes a character, so a single "character" of a million combining marks is cut too. The work is bounded by the
/// limit, not by the text: text at most `maximumCharacters` UTF-8 bytes long is returned as it is without a scan.
public struct TextLimit: Sendable, Equatable, CustomStringConvertible {
    public let maximumCharacters: Int

    public init(maximumCharacters: Int) {
        self.maximumCharacters = max(1, maximumCharacters)
    }

    /// A name, a tag, a label, a category (a person's full name, an article tag).
    public static let name = TextLimit(maximumCharacters: 200)
    /// A title or a subject (an article's title, a paragraph's heading).
    public static let title = TextLimit(maximumCharacters: 500)
    /// A message: a chat's last message, a server's explanation, an error shown in a panel.
    public static let message = TextLimit(maximumCharacters: 4_000)
    /// Running text a page exists to show (an article's lead or one paragraph of its body).
    public static let body = TextLimit(maximumCharacters: 100_000)
    /// A value quoted inside a message (`"…" is not a date`): enough to recognise it, never the whole of a huge one.
    public static let excerpt = TextLimit(maximumCharacters: 100)
    /// A URL named by data (an image, an avatar); a longer one is not used at all (`acceptsURL`), since a cut URL
    /// names something else.
    public static let url = TextLimit(maximumCharacters: 2_048)

    public var description: String { "\(maximumCharacters) characters" }

    /// `text` when it fits, else its first `maximumCharacters - 1` characters (trailing spaces dropped) and `…`.
    public func apply(_ text: String) -> String {
        // At most N bytes means at most N characters: the common case costs no scan at all.
        if text.utf8.count <= maximumCharacters { return text }
        // Only the part that can be kept is looked at, on a scalar boundary.
        let maximumBytes = maximumCharacters.multipliedReportingOverflow(by: Self.maximumBytesPerCharacter).partialValue
        let window = Self.prefix(of: text, maximumBytes: maximumBytes)
        var count = 0
        var index = window.startIndex
        var cutEnd = window.startIndex
        while index < window.endIndex, count <= maximumCharacters {
            index = window.index(after: index)
            count += 1
            if count < maximumCharacters { cutEnd = index }
        }
        if count <= maximumCharacters, window.endIndex == text.endIndex { return text }
        // A window that ended before enough characters may end inside one: leave that one out, unless it is the
        // only one (a character of a million combining marks is kept cut rather than not at all).
        if cutEnd == window.endIndex, window.endIndex != text.endIndex, count > 1 {
            cutEnd = window.index(before: cutEnd)
        }
        var cut = window[..<cutEnd]
        while cut.last?.isWhitespace == true { cut.removeLast() }
        var result = String(cut) + "…"
        // A kept character that joins what follows it (a prepended concatenation mark such as U+0600, a zero-width
        // joiner) would take the ellipsis into itself, and the cut would not end in one: leave it out too.
        while result.last != "…", !cut.isEmpty {
            cut.removeLast()
            while cut.last?.isWhitespace == true { cut.removeLast() }
            result = String(cut) + "…"
        }
        return result
    }

    /// The bytes looked at per character kept: a flag takes 8, a family emoji 18; more than this, in a character
    /// of a million combining marks say, and the character is cut.
    static let maximumBytesPerCharacter = 32

    /// Whether a URL named by data is short enough to use.
    public func acceptsURL(_ text: String) -> Bool {
        text.utf8.count <= maximumCharacters
    }

    /// The longest prefix of `text` of at most `maximumBytes` UTF-8 bytes that ends on a scalar boundary.
    private static func prefix(of text: String, maximumBytes: Int) -> Substring {
        let utf8 = text.utf8
        guard utf8.count > maximumBytes else { return text[...] }
        var end = utf8.index(utf8.startIndex, offsetBy: maximumBytes)
        // Step back over continuation bytes (10xxxxxx) to the start of a scalar.
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return text[..<end]
    }
}
