import Foundation

extension Color {
    /// WCAG relative luminance, 0 (black) to 1 (white); ANSI colours use xterm's default palette.
    public var luminance: Double {
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let c = components
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// WCAG contrast ratio between two colours: 1 (the same) to 21 (black on white).
    public static func contrast(_ a: Color, _ b: Color) -> Double {
        let (light, dark) = a.luminance >= b.luminance ? (a.luminance, b.luminance) : (b.luminance, a.luminance)
        return (light + 0.05) / (dark + 0.05)
    }

    /// Black or white, whichever reads better on this colour: the text colour for a painted background
    /// whose text has no colour of its own.
    public var readableText: Color {
        Color.contrast(self, .rgb(0, 0, 0)) >= Color.contrast(self, .rgb(255, 255, 255)) ? .rgb(0, 0, 0) : .rgb(255, 255, 255)
    }
}
