import InvitationsFeature
import TerminalUI

/// The feature's colours: broccoli green for the brand and primary actions, red for errors and the
/// destructive choice, amber for warnings.
enum InvitationsPalette {
    static let brand = Color.rgb(76, 175, 80)
    static let brandLight = Color.rgb(174, 213, 129)
    static let muted = Color.rgb(150, 156, 166)
    static let error = Color.rgb(239, 83, 80)
    static let warning = Color.rgb(255, 179, 0)
    static let progress = Color.rgb(79, 195, 247)
    static let farewell = Color.rgb(100, 181, 246)
    static let farewellLight = Color.rgb(179, 157, 219)
    static let fieldBackground = Color.rgb(44, 48, 56)
    static let focusedFieldBackground = Color.rgb(56, 66, 84)
    static let fieldText = Color.rgb(232, 234, 238)

    static func confetti(_ color: ConfettiColor) -> Color {
        switch color {
        case .pink: return .rgb(240, 98, 146)
        case .yellow: return .rgb(255, 213, 79)
        case .green: return .rgb(129, 199, 132)
        case .blue: return .rgb(100, 181, 246)
        case .orange: return .rgb(255, 167, 38)
        case .purple: return .rgb(186, 104, 200)
        case .sky: return .rgb(129, 212, 250)
        case .lavender: return .rgb(179, 157, 219)
        case .mint: return .rgb(128, 203, 196)
        case .silver: return .rgb(189, 189, 189)
        }
    }
}

extension Style {
    static func foreground(_ color: Color, bold: Bool = false) -> Style { Style(foreground: color, bold: bold) }
}
