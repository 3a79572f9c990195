/// The characters of a box outline.
public enum LineStyle: Sendable, Equatable {
    case single, rounded, double, heavy

    struct Glyphs {
        let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String
    }

    var glyphs: Glyphs {
        switch self {
        case .single:
            Glyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
        case .rounded:
            Glyphs(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
        case .double:
            Glyphs(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
        case .heavy:
            Glyphs(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
        }
    }
}
