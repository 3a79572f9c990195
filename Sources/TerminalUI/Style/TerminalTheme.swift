/// The terminal's own default colours, which a style's nil colours stand for. A frame cannot know them, so
/// tests check frames against both a dark and a light theme.
public struct TerminalTheme: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var foreground: Color
    public var background: Color

    public init(name: String, foreground: Color, background: Color) {
        self.name = name
        self.foreground = foreground
        self.background = background
    }

    /// Light text on black, as xterm and most dark themes.
    public static let dark = TerminalTheme(name: "dark", foreground: .rgb(229, 229, 229), background: .rgb(0, 0, 0))
    /// Black text on white, as macOS Terminal's Basic and most light themes.
    public static let light = TerminalTheme(
        name: "light", foreground: .rgb(0, 0, 0), background: .rgb(255, 255, 255))
    public static let all = [dark, light]

    public var description: String { name }
}
