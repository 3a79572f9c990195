import FeatureHostCore
import TerminalUI
import TransactionsFeature

/// The terminal face of the feature: a tab bar over either the Transactions tab (filter bar, list, floating
/// sum) or the Insights tab (ring and list), both drawn from the one presenter.
///
/// Keys: Tab (or Shift-Tab) switches tabs; ←/→ choose the category; ↑/↓, PgUp/PgDn and Home/End choose a
/// transaction; Space or Enter pins or unpins it; r tries again after a failed or offline load. Esc and q are left to the
/// shell.
///
/// The list's scroll position is view-local state of this scene, not of the presenter (which keeps only the
/// selection). `render` is idempotent: it notes where the list scrolled to and how many rows fit, and that
/// note is a fixed point, so rendering again gives the same frame; it never sends an action.
@MainActor
public final class TransactionsTerminalScene: TerminalScene {
    /// How the terminal words `canRetry`, after a notice and below a failure.
    static let retryHint = "Press r to try again."
    /// The most rows the notices above the content take: a pin that was not saved names the file and the reason.
    static let noticeRows = 3

    private let presenter: TransactionsPresenter
    /// The list's first visible row, per filter, so the list scrolls only when the selection would leave the
    /// screen; another filter's list starts at its top.
    private var scroll = (filter: "", offset: 0)
    /// Whole rows visible in the last frame, for PgUp/PgDn.
    private var page = 1

    public init(presenter: TransactionsPresenter) { self.presenter = presenter }

    public let minimumSize = Size(width: 44, height: 16)

    /// Short enough that, with the shell's own `Esc back  Ctrl-C quit`, the footer fits 80 columns. The main
    /// action comes first, so the narrowest footer (which keeps a scene's first hint) still names it, and it says
    /// what Space does to the selected row: `pin` on an unpinned one, `unpin` on a pinned one.
    public var keyHints: [KeyHint] {
        let state = presenter.viewState
        let retry = state.canRetry ? [KeyHint(key: "r", action: "try again")] : []
        guard state.status == .loaded else { return retry }
        switch state.tab {
        case .transactions:
            var hints: [KeyHint] = []
            if let selected = state.selectedRow, state.rows.indices.contains(selected) {
                hints.append(KeyHint(key: "Space", action: state.rows.isPinned(at: selected) ? "unpin" : "pin"))
            }
            hints += [KeyHint(key: "Tab", action: "insights"), KeyHint(key: "←→", action: "category")]
            if !state.rows.isEmpty { hints.append(KeyHint(key: "↑↓ PgUp PgDn", action: "move")) }
            return hints + retry
        case .insights:
            return [KeyHint(key: "Tab", action: "transactions")] + retry
        }
    }

    public func handle(_ key: Key) -> KeyHandling {
        guard let action = TransactionsKeyMap.action(for: key, in: presenter.viewState, page: page) else { return .ignored }
        presenter.send(action)
        return .handled
    }

    public func render(size: Size) -> Frame {
        guard size.fits(minimumSize) else { return .tooSmall(size: size, minimum: minimumSize) }
        var frame = Frame(size: size)
        let state = presenter.viewState
        TabBarView.draw(state.tabs, in: Rect(x: 0, y: 0, width: size.width, height: TabBarView.height), into: &frame)
        var top = TabBarView.height
        if state.tab == .transactions {
            FilterBarView.draw(state.filters, in: Rect(x: 0, y: top, width: size.width, height: 1), into: &frame)
            top += 2
        } else {
            top += 1
        }
        if let notice = Self.notice(state) {
            let used = frame.putWrapped(
                notice, in: Rect(x: 2, y: top, width: size.width - 4, height: Self.noticeRows),
                style: Style(foreground: TransactionsPalette.notice))
            top += used + 1
        }
        let body = Rect(x: 0, y: top, width: size.width, height: size.height - top)
        switch state.status {
        case .loading(let message):
            frame.putWrapped(message, in: body.insetBy(dx: 2, dy: 0), style: TransactionsPalette.secondary)
        case .failed(let message):
            let used = frame.putWrapped(
                message, in: Rect(x: 2, y: body.y, width: body.width - 4, height: body.height - 2),
                style: Style(foreground: TransactionsPalette.error))
            if state.canRetry {
                frame.put(Self.retryHint, at: Point(x: 2, y: body.y + used + 1), style: TransactionsPalette.secondary)
            }
        case .loaded:
            switch state.tab {
            case .transactions: drawTransactions(state, in: body, into: &frame)
            case .insights: if let insights = state.insights { InsightsView.draw(insights, in: body, into: &frame) }
            }
        }
        return frame
    }

    /// The line above the content: why the data may be out of date and how to try again, then the pins warning.
    private static func notice(_ state: TransactionsPresenter.ViewState) -> String? {
        var parts: [String] = []
        if let notice = state.notice {
            parts.append(notice)
            if state.canRetry { parts.append(retryHint) }
        }
        if let warning = state.pinsWarning { parts.append(warning) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    private func drawTransactions(_ state: TransactionsPresenter.ViewState, in rect: Rect, into frame: inout Frame) {
        let list = Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - FloatingSumView.height)
        if let sum = state.sum {
            FloatingSumView.draw(
                sum, in: Rect(x: rect.x, y: list.maxY, width: rect.width, height: FloatingSumView.height), into: &frame)
        }
        if let message = state.emptyMessage {
            frame.putWrapped(message, in: list.insetBy(dx: 2, dy: 0), style: TransactionsPalette.secondary)
            return
        }
        let filter = state.filters.first(where: \.isSelected)?.title ?? ""
        let rows = state.rows
        // The list's last line says which rows are shown; rows that do not fit whole are left for scrolling.
        let viewport = Rect(x: list.x, y: list.y, width: list.width, height: list.height - 1)
        let layout = ListLayout.layout(
            rowCount: rows.count, viewportHeight: viewport.height, selectedIndex: state.selectedRow,
            scrollOffset: scroll.filter == filter ? scroll.offset : 0,
            rowHeight: { TransactionRowView.height(isPinned: rows.isPinned(at: $0)) })
        scroll = (filter, layout.scrollOffset)
        let whole = layout.rows.filter { $0.y + $0.height <= viewport.height }
        let shown = whole.isEmpty ? Array(layout.rows.prefix(1)) : whole
        page = max(shown.count, 1)
        for placed in shown {
            TransactionRowView.draw(
                rows[placed.index], selected: placed.index == state.selectedRow, top: viewport.y + placed.y,
                in: viewport,
                into: &frame)
        }
        if let first = shown.first, let last = shown.last {
            frame.put(
                rows.position(showing: first.index...last.index),
                in: Rect(x: list.x + 2, y: list.maxY - 1, width: list.width - 3, height: 1),
                style: TransactionsPalette.secondary, alignment: .trailing)
        }
    }
}
