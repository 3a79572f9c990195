/// A terminal colour: 24-bit RGB, or one of the sixteen themed ANSI colours.
public enum Color: Sendable, Hashable {
    case rgb(UInt8, UInt8, UInt8)
    case ansi(ANSIColor)

    public static var black: Color { .ansi(.black) }
    public static var red: Color { .ansi(.red) }
    public static var green: Color { .ansi(.green) }
    public static var yellow: Color { .ansi(.yellow) }
    public static var blue: Color { .ansi(.blue) }
    public static var magenta: Color { .ansi(.magenta) }
    public static var cyan: Color { .ansi(.cyan) }
    public static var white: Color { .ansi(.white) }
    public static var gray: Color { .ansi(.brightBlack) }

    /// RGB components; ANSI colours use xterm's default palette.
    public var components: (red: UInt8, green: UInt8, blue: UInt8) {
        switch self {
        case .rgb(let red, let green, let blue): (red, green, blue)
        case .ansi(let color): color.components
        }
    }

    /// `#rrggbb` or `rrggbb`; nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// A colour by name, as presenters give them: an ANSI name (`red`, `bright-blue`, `brightBlue`, `gray`)
    /// or a hex value (`#ff8800`). Nil when the name is unknown.
    public init?(name: String) {
        let key = Self.normalized(name)
        if key == "gray" || key == "grey" {
            self = .gray
        } else if let color = ANSIColor.allCases.first(where: { Self.normalized($0.name) == key }) {
            self = .ansi(color)
        } else if let color = Color(hex: name) {
            self = color
        } else {
            return nil
        }
    }

    /// `Bright-Blue`, `bright_blue` and `brightBlue` all become `brightblue`.
    private static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// The RGB colour `fraction` of the way from `start` to `end` (0 gives `start`, 1 gives `end`).
    public static func interpolate(from start: Color, to end: Color, fraction: Double) -> Color {
        let t = min(max(fraction, 0), 1)
        let a = start.components
        let b = end.components
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded())
        }
        return .rgb(mix(a.red, b.red), mix(a.green, b.green), mix(a.blue, b.blue))
    }
}
