import TerminalUI
import TransactionsFeature

/// `Transactions  Insights` over a rule that is heavy under the chosen tab, so the choice shows without colour.
enum TabBarView {
    static let height = 2

    static func draw(_ tabs: [TransactionsPresenter.ViewState.TabItem], in rect: Rect, into frame: inout Frame) {
        frame.put(
            String(repeating: "─", count: max(rect.width, 0)), at: Point(x: rect.x, y: rect.y + 1),
            style: TransactionsPalette.secondary)
        var x = rect.x + 1
        for tab in tabs {
            let width = DisplayWidth.of(tab.title) + 2
            let style = tab.isSelected ? Style(bold: true) : TransactionsPalette.secondary
            frame.put(" \(tab.title) ", at: Point(x: x, y: rect.y), style: style, maxWidth: rect.maxX - x)
            if tab.isSelected {
                frame.put(
                    String(repeating: "━", count: width), at: Point(x: x, y: rect.y + 1), style: Style(bold: true),
                    maxWidth: rect.maxX - x)
            }
            x += width + 1
        }
    }
}
