import TerminalUI
import TransactionsFeature

/// The row of capsule buttons: bold white titles on each filter's colour, the chosen one in brackets
/// (`[ food ]`, the same width as `  food  `, so the row does not shift). When the row is wider than the
/// screen it scrolls to keep the chosen capsule in view, with `‹` / `›` where capsules are cut off.
enum FilterBarView {
    static func draw(_ filters: [TransactionsPresenter.ViewState.FilterButton], in rect: Rect, into frame: inout Frame) {
        let widths = filters.map { DisplayWidth.of($0.title) + 4 }
        let starts = widths.indices.map { index in widths[..<index].reduce(0, +) + index }
        let contentWidth = (widths.last ?? 0) + (starts.last ?? 0)
        let room = rect.width - 2
        var offset = 0
        if contentWidth > room, let chosen = filters.firstIndex(where: \.isSelected) {
            offset = min(max(starts[chosen] + widths[chosen] - room, 0), starts[chosen])
        }
        for (index, filter) in filters.enumerated() {
            let x = rect.x + 1 + starts[index] - offset
            let text = filter.isSelected ? "[ \(filter.title) ]" : "  \(filter.title)  "
            let style = Style(
                foreground: TransactionsPalette.white, background: TransactionsPalette.color(filter.color), bold: true)
            clippedPut(text, x: x, y: rect.y, style: style, from: rect.x + 1, to: rect.maxX - 1, into: &frame)
        }
        if offset > 0 { frame.put("‹", at: Point(x: rect.x, y: rect.y), style: Style(bold: true)) }
        if contentWidth - offset > room {
            frame.put("›", at: Point(x: rect.maxX - 1, y: rect.y), style: Style(bold: true))
        }
    }

    /// Writes the part of `text` that falls between columns `from` and `to`.
    private static func clippedPut(
        _ text: String, x: Int, y: Int, style: Style, from: Int, to: Int, into frame: inout Frame
    ) {
        var column = x
        for character in text {
            let width = DisplayWidth.of(character)
            if column >= from, column + width <= to {
                frame.put(String(character), at: Point(x: column, y: y), style: style)
            }
            column += width
        }
    }
}
