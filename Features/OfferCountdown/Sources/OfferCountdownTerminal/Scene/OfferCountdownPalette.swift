import OfferCountdownFeature
import TerminalUI

/// The terminal's colours for the presenter's colour names: the spec's blue and pink.
enum OfferCountdownPalette {
    static func color(_ name: OfferColor) -> Color {
        switch name {
        case .blue: .rgb(65, 69, 152)
        case .pink: .rgb(234, 72, 187)
        case .gray: .rgb(96, 96, 104)
        }
    }

    static let white = Color.rgb(255, 255, 255)
    static let muted = Color.rgb(170, 170, 185)
    /// Secondary text on the terminal's own background, dark or light: the one grey band that reaches 4.5:1 on
    /// both black and white (4.6:1 each), where `muted` is 2.3:1 on white.
    static let secondary = Color.rgb(117, 117, 123)
    static let boxBackground = Color.rgb(38, 40, 96)
}
