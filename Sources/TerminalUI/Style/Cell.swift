/// One terminal cell: a grapheme and its style.
///
/// A wide grapheme (CJK, emoji) occupies two cells: the lead cell holds it and the next one is a
/// continuation cell with an empty grapheme. Swift stores graphemes of up to 15 UTF-8 bytes inline, so a
/// cell costs no allocation.
public struct Cell: Sendable, Hashable {
    public var grapheme: String
    public var style: Style

    public init(_ grapheme: String = " ", style: Style = .plain) {
        self.grapheme = grapheme
        self.style = style
    }

    /// A blank cell in the default style.
    public static let blank = Cell()

    /// The right half of a wide grapheme.
    public static func continuation(style: Style) -> Cell { Cell("", style: style) }

    public var isContinuation: Bool { grapheme.isEmpty }
}
