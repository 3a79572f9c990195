import FeatureHostCore
import Observation
import TransactionsFeature
import WebUI

/// The transactions page: both tabs drawn from the one presenter the terminal uses, and page events turned
/// into its actions.
///
/// Events: a tab button shows its tab; a filter capsule chooses its category; a click on a row selects it and
/// pins or unpins it (the presenter pins the selected row, so the scene moves the selection there first);
/// Previous/Next move the selection a page (the terminal's PgUp/PgDn); ArrowUp/ArrowDown on the list move it a
/// row and ArrowLeft/ArrowRight on the filter bar move the filter (the terminal's arrows); Try again reloads
/// when the view state offers it. Anything else is ignored.
///
/// The list is paged: the page shown is the one holding the selected row. Observable: the scene's one state of
/// its own is where keyboard focus follows the selection, the filter bar (after ←/→ or a capsule's click) or
/// the list (after ↑/↓ or a row's click), so a filter moved with ←/→ takes the focus along, as a tab list does.
@MainActor
@Observable
public final class TransactionsWebScene: WebScene {
    public let presenter: TransactionsPresenter
    private var focusOnFilters = false

    public init(presenter: TransactionsPresenter) { self.presenter = presenter }

    public func render() -> HTML { TransactionsPageMarkup.page(presenter.viewState, focusOnFilters: focusOnFilters) }

    public func handle(_ event: PageEvent) -> WebEventHandling {
        let state = presenter.viewState
        switch event.kind {
        case .click:
            guard let action = TransactionsWebAction(name: event.action) else { return .ignored }
            return perform(action, in: state)
        case .key:
            return handleKey(event.key ?? "", in: state)
        case .input, .change, .submit:
            return .ignored
        }
    }

    private func perform(_ action: TransactionsWebAction, in state: TransactionsPresenter.ViewState) -> WebEventHandling {
        if action == .retry {
            guard state.canRetry else { return .ignored }
            presenter.send(.reload)
            return .handled
        }
        guard state.status == .loaded else { return .ignored }
        switch action {
        case .showTab(let tab):
            guard tab != state.tab else { return .ignored }
            presenter.send(.switchTab)
        case _ where state.tab != .transactions:
            // As in the terminal, the filter and the selection wait for the return to Transactions.
            return .ignored
        case .chooseFilter(let filter):
            guard state.filters.first(where: \.isSelected)?.title != filter.title else { return .ignored }
            focusOnFilters = true
            presenter.send(.chooseFilter(filter))
        case .togglePin(let index, let id):
            guard let index = Self.row(id: id, near: index, in: state) else { return .ignored }
            focusOnFilters = false
            let offset = index - (state.selectedRow ?? 0)
            if offset != 0 { presenter.send(.moveSelection(by: offset)) }
            presenter.send(.togglePin)
        case .previousPage:
            guard let selected = state.selectedRow, selected >= TransactionListMarkup.pageSize else { return .ignored }
            presenter.send(.moveSelection(by: -TransactionListMarkup.pageSize))
        case .nextPage:
            let paging = TransactionListMarkup.Paging(rowCount: state.rows.count, selectedRow: state.selectedRow)
            guard paging.hasNext, let selected = state.selectedRow else { return .ignored }
            // The next page's row at the same place, or its last row when the last page is shorter.
            let target = min(selected + TransactionListMarkup.pageSize, state.rows.count - 1)
            presenter.send(.moveSelection(by: target - selected))
        case .retry:
            return .ignored
        }
        return .handled
    }

    /// Where transaction `id` is in the shown rows: at `index` when the page was up to date, else on the page
    /// shown now (a click that raced a filter change: the row the user saw is found on the new filter's page).
    /// A row that is on neither is not looked for further: the rows are formatted when read, and a scan of
    /// 100,000 would cost far more than a click's answer may take.
    private static func row(id: Int, near index: Int, in state: TransactionsPresenter.ViewState) -> Int? {
        let rows = state.rows
        if rows.indices.contains(index), rows[index].id == id { return index }
        let page = TransactionListMarkup.Paging(rowCount: rows.count, selectedRow: state.selectedRow).range
        return page.first { rows[$0].id == id }
    }

    private func handleKey(_ key: String, in state: TransactionsPresenter.ViewState) -> WebEventHandling {
        guard state.status == .loaded, state.tab == .transactions else { return .ignored }
        switch key {
        case "ArrowUp", "ArrowDown":
            focusOnFilters = false
            presenter.send(.moveSelection(by: key == "ArrowUp" ? -1 : 1))
        case "ArrowLeft", "ArrowRight":
            focusOnFilters = true
            presenter.send(.moveFilter(by: key == "ArrowLeft" ? -1 : 1))
        default: return .ignored
        }
        return .handled
    }
}
