import TerminalUI
import TransactionsFeature

/// One transaction in the list. Pinned: three lines (category and pin; name and amount; merchant, account and
/// date). Unpinned: one dimmed line with the category and the pin icon. The selected row has a bar on its
/// left and a lighter background.
enum TransactionRowView {
    static let pinnedIcon = "📌"
    static let unpinnedIcon = "⊘"

    static func height(isPinned: Bool) -> Int { isPinned ? 3 : 1 }

    /// Draws `row` with its top at `y`, clipped to `rect` (the list's viewport).
    static func draw(_ row: TransactionRow, selected: Bool, top y: Int, in rect: Rect, into frame: inout Frame) {
        let height = height(isPinned: row.isPinned)
        let visible = Rect(x: rect.x, y: y, width: rect.width, height: height).intersection(rect)
        guard !visible.isEmpty else { return }
        if selected {
            frame.fill(visible, style: TransactionsPalette.selected(.plain))
            for line in visible.y..<visible.maxY {
                frame.put(
                    "▌", at: Point(x: rect.x, y: line),
                    style: TransactionsPalette.selected(TransactionsPalette.foreground(row.color, bold: true)))
            }
        }
        let content = Rect(x: rect.x + 2, y: y, width: rect.width - 3, height: height)
        var lines: [(left: String, leftStyle: Style, right: String, rightStyle: Style)] = []
        if row.isPinned {
            let details = [row.provider, row.accountName].compactMap { $0 }.joined(separator: " · ")
            lines = [
                (row.category, TransactionsPalette.foreground(row.color, bold: true), pinnedIcon, .plain),
                (row.name, .plain, row.amount, Style(bold: true)),
                (details, TransactionsPalette.secondary, row.date, TransactionsPalette.secondary),
            ]
        } else {
            var category = TransactionsPalette.foreground(row.color)
            category.dim = true
            lines = [(row.category, category, unpinnedIcon, TransactionsPalette.secondary)]
        }
        if selected {
            lines = lines.map {
                ($0.left, TransactionsPalette.selected($0.leftStyle), $0.right, TransactionsPalette.selected($0.rightStyle))
            }
        }
        for (offset, line) in lines.enumerated() where rect.contains(Point(x: content.x, y: y + offset)) {
            let lineRect = Rect(x: content.x, y: y + offset, width: content.width, height: 1)
            let rightWidth = min(DisplayWidth.of(line.right), content.width)
            frame.put(
                line.left,
                in: Rect(x: lineRect.x, y: lineRect.y, width: max(lineRect.width - rightWidth - 2, 0), height: 1),
                style: line.leftStyle)
            frame.put(line.right, in: lineRect, style: line.rightStyle, alignment: .trailing)
        }
    }
}
