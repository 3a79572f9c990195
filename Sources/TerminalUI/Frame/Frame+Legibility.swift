/// A cell whose text would not be readable on some terminal theme.
public struct LegibilityProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// A painted background under the terminal's default text colour, which the scene does not know.
        case backgroundWithoutForeground
        /// The text's colour is too close to what is behind it (contrast ratio in tenths).
        case lowContrast(tenths: Int)
    }

    public var point: Point
    public var grapheme: String
    public var theme: String
    public var mode: ColorMode
    public var reason: Reason

    public var description: String {
        let why =
            switch reason {
            case .backgroundWithoutForeground: "background painted, text in the terminal's colour"
            case .lowContrast(let tenths): "contrast \(Double(tenths) / 10):1"
            }
        let colours = mode == .trueColor ? "" : " in \(mode)"
        return "'\(grapheme)' at \(point.x),\(point.y) on the \(theme) theme\(colours): \(why)"
    }
}

extension Frame {
    /// Below this contrast ratio text vanishes into what is behind it: white (229) on white is 1.3, the ANSI
    /// yellow on white still 1.7.
    public static let minimumContrast = 1.5

    /// Every visible cell whose legibility depends on the terminal's theme and fails on `theme`: a painted
    /// background under the terminal's own text colour (dark on one theme, light on another), or text in a fixed
    /// colour too close to the terminal's own background (white on a light theme, black on a dark one).
    /// Blank cells are ignored, and so are cells whose two colours are both fixed: those look the same on every
    /// theme, so their contrast is the scene's design (a faint loader dot, a dissolve), not the theme's doing.
    ///
    /// `mode` is the terminal's colour mode: colours are judged as the renderer sends them in it (with 16
    /// colours, a dark grey may become black).
    public func legibilityProblems(on theme: TerminalTheme, mode: ColorMode = .trueColor) -> [LegibilityProblem] {
        var problems: [LegibilityProblem] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                let cell = self[x, y]
                guard let reason = Self.legibility(of: cell, on: theme, mode: mode) else { continue }
                problems.append(
                    LegibilityProblem(
                        point: Point(x: x, y: y), grapheme: cell.grapheme, theme: theme.name, mode: mode, reason: reason))
            }
        }
        return problems
    }

    /// The unreadable cells on each theme in each colour mode, one per line and at most `limit` of them, then
    /// how many more; empty when every cell reads everywhere. A test expects it to be empty, and a failure
    /// names the cells.
    public func legibilityReport(
        themes: [TerminalTheme] = TerminalTheme.all, modes: [ColorMode] = ColorMode.allCases, limit: Int = 8
    ) -> String {
        let problems = modes.flatMap { mode in themes.flatMap { legibilityProblems(on: $0, mode: mode) } }
        var lines = problems.prefix(limit).map(\.description)
        if problems.count > limit { lines.append("… and \(problems.count - limit) more") }
        return lines.joined(separator: "\n")
    }

    static func legibility(of cell: Cell, on theme: TerminalTheme, mode: ColorMode) -> LegibilityProblem.Reason? {
        guard !cell.grapheme.allSatisfy(\.isWhitespace) else { return nil }
        // What the terminal shows: each colour fixed by the style (as the mode sends it) or the theme's, swapped
        // by `reverse`.
        let foreground = cell.style.foreground?.shown(in: mode)
        let background = cell.style.background?.shown(in: mode)
        var text = (color: foreground ?? theme.foreground, isFixed: foreground != nil)
        var paper = (color: background ?? theme.background, isFixed: background != nil)
        if cell.style.reverse { swap(&text, &paper) }
        switch (text.isFixed, paper.isFixed) {
        case (false, true): return .backgroundWithoutForeground
        case (true, false): break
        default: return nil
        }
        let ratio = Color.contrast(text.color, paper.color)
        return ratio < minimumContrast ? .lowContrast(tenths: Int(ratio * 10)) : nil
    }
}
