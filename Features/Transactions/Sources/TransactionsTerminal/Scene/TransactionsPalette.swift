import TerminalUI
import TransactionsFeature

/// The colours the view state names, as the starter's SwiftUI system colours, and the scene's own tones.
enum TransactionsPalette {
    static func color(_ color: TransactionColor) -> Color {
        switch color {
        case .green: return .rgb(52, 199, 89)
        case .pink: return .rgb(255, 45, 85)
        case .orange: return .rgb(255, 149, 0)
        case .blue: return .rgb(0, 122, 255)
        case .purple: return .rgb(175, 82, 222)
        case .black: return .rgb(0, 0, 0)
        }
    }

    static let white = Color.rgb(255, 255, 255)
    /// Behind the selected row, and its text where the text has no colour of its own: a painted background
    /// needs a fixed text colour, since the terminal's own may be dark.
    static let selection = Color.rgb(44, 44, 52)
    static let selectionText = Color.rgb(235, 235, 240)
    /// The ring's track when nothing is pinned.
    static let track = Color.rgb(90, 90, 90)
    static let notice = Color.rgb(255, 204, 0)
    static let error = Color.rgb(255, 69, 58)

    /// Text in a view-state colour on the terminal's background. Black (the `all` filter's) is the terminal's
    /// own text colour there, which reads on dark and light themes alike; fixed black would vanish on a dark one.
    static func foreground(_ color: TransactionColor, bold: Bool = false) -> Style {
        Style(foreground: color == .black ? nil : self.color(color), bold: bold)
    }

    /// `style` on the selected row's background, with the selection's text colour where it has none.
    static func selected(_ style: Style) -> Style {
        var style = style
        style.background = selection
        if style.foreground == nil { style.foreground = selectionText }
        return style
    }

    static let secondary = Style(dim: true)
}
