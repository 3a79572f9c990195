/// One piece of confetti as the screen shows it: where (fractions of the screen, 0 at the top-left, 1 at
/// the bottom-right), which glyph and which colour.
public struct ConfettiPiece: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var glyph: Character
    public var color: ConfettiColor

    public init(x: Double, y: Double, glyph: Character, color: ConfettiColor) {
        self.x = x
        self.y = y
        self.glyph = glyph
        self.color = color
    }
}

/// Confetti colours by name; the surface chooses the exact shade.
public enum ConfettiColor: String, CaseIterable, Sendable {
    case pink, yellow, green, blue, orange, purple
    case sky, lavender, mint, silver
}
