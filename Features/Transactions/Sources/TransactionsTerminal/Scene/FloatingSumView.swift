import TerminalUI
import TransactionsFeature

/// The view fixed below the list: the filter's name top-right in its colour, `Total spent:` bottom-left and
/// the amount bottom-right.
enum FloatingSumView {
    static let height = 4

    static func draw(_ sum: TransactionsPresenter.ViewState.FloatingSum, in rect: Rect, into frame: inout Frame) {
        frame.drawBox(rect, lineStyle: .rounded)
        let inner = rect.insetBy(dx: 2, dy: 1)
        frame.put(
            sum.title, in: Rect(x: inner.x, y: inner.y, width: inner.width, height: 1),
            style: TransactionsPalette.foreground(sum.color, bold: true), alignment: .trailing)
        let amountWidth = min(DisplayWidth.of(sum.amount), inner.width)
        let line = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1)
        frame.put(sum.label, in: Rect(x: line.x, y: line.y, width: max(line.width - amountWidth - 1, 0), height: 1))
        frame.put(sum.amount, in: line, style: Style(bold: true), alignment: .trailing)
    }
}
