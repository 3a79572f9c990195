/// How a cell looks. A nil colour means the terminal's default.
///
/// Text drawing (`put`, boxes, buttons) keeps the background already in a cell when `background` is nil, so
/// text can sit on a gradient or a filled panel; `fill` replaces the whole style.
public struct Style: Sendable, Hashable {
    public var foreground: Color?
    public var background: Color?
    public var bold: Bool
    public var dim: Bool
    public var italic: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        italic: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with `background` taken from `other` when it has none of its own.
    func keepingBackground(of other: Style) -> Style {
        guard background == nil else { return self }
        var style = self
        style.background = other.background
        return style
    }
}
