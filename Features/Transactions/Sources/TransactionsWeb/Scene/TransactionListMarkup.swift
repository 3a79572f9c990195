import TransactionsFeature
import WebUI

/// The Transactions tab: the filter capsules, one page of rows, and the floating sum.
///
/// Paged, so 10,000 rows stay usable: a page holds `pageSize` rows, and the page shown is the one holding the
/// selected row. Previous/Next move the selection a page, as PgUp/PgDn do in the terminal.
enum TransactionListMarkup {
    static let pageSize = 50

    /// Which rows the page shows.
    struct Paging: Equatable {
        var range: Range<Int>
        var rowCount: Int

        init(rowCount: Int, selectedRow: Int?) {
            let start = ((selectedRow ?? 0) / TransactionListMarkup.pageSize) * TransactionListMarkup.pageSize
            self.rowCount = rowCount
            range = min(start, rowCount)..<min(start + TransactionListMarkup.pageSize, rowCount)
        }

        var hasPrevious: Bool { range.lowerBound > 0 }
        var hasNext: Bool { range.upperBound < rowCount }
        var isPaged: Bool { rowCount > TransactionListMarkup.pageSize }
    }

    static func content(_ state: TransactionsPresenter.ViewState, focusOnFilters: Bool = false) -> HTML {
        HTML.build {
            filterBar(state.filters, focusOnFilters: focusOnFilters)
            if let message = state.emptyMessage {
                Tag.p(.class("tx-empty")) { message }
            } else {
                list(state, focusOnFilters: focusOnFilters)
            }
            if let sum = state.sum { floatingSum(sum) }
        }
    }

    /// Capsules scrolling sideways, `all` first: a tab list, one Tab stop (the chosen capsule; the others are
    /// `tabindex=-1`, a roving tabindex) moved with ←/→, as a tab list is. The chosen one is `aria-selected` and
    /// ringed, so the choice shows without colour.
    private static func filterBar(_ filters: [TransactionsPresenter.ViewState.FilterButton], focusOnFilters: Bool) -> HTML {
        Tag.div(
            .class("tx-filters"), .role("tablist"), .aria("label", TransactionsWebCopy.filtersLabel),
            .data("keys", "ArrowLeft ArrowRight")
        ) {
            for (filter, button) in zip(CategoryFilter.allCases, filters) {
                Tag.button(
                    .class("tx-capsule tx-c-\(button.color.rawValue)"), .type("button"), .role("tab"),
                    .aria("selected", button.isSelected ? "true" : "false"), .tabindex(button.isSelected ? 0 : -1),
                    .when(button.isSelected && focusOnFilters, .data("fh-focus", "")),
                    .data("action", TransactionsWebAction.chooseFilter(filter).name)
                ) { button.title }
                .id("tx-filter-\(button.title)")
            }
        }
    }

    private static func list(_ state: TransactionsPresenter.ViewState, focusOnFilters: Bool) -> HTML {
        let rows = state.rows
        let paging = Paging(rowCount: rows.count, selectedRow: state.selectedRow)
        return HTML.build {
            Tag.ul(.class("tx-list"), .aria("label", TransactionsWebCopy.listLabel), .data("keys", "ArrowUp ArrowDown")) {
                for index in paging.range {
                    TransactionRowMarkup.row(
                        rows[index], index: index, isSelected: index == state.selectedRow, focusFollows: !focusOnFilters)
                }
            }
            .id("tx-list")
            if paging.isPaged, !paging.range.isEmpty { pager(paging, rows: rows) }
        }
    }

    private static func pager(_ paging: Paging, rows: TransactionRows) -> HTML {
        Tag.nav(.class("tx-pager"), .aria("label", TransactionsWebCopy.pagingLabel)) {
            Tag.button(
                .class("tx-page"), .type("button"), .data("action", TransactionsWebAction.previousPage.name),
                .disabled(!paging.hasPrevious)
            ) { TransactionsWebCopy.previousPage }
            .id("tx-page-previous")
            Tag.span(.class("tx-position")) {
                rows.position(showing: paging.range.lowerBound...(paging.range.upperBound - 1))
            }
            .id("tx-position")
            Tag.button(
                .class("tx-page"), .type("button"), .data("action", TransactionsWebAction.nextPage.name),
                .disabled(!paging.hasNext)
            ) { TransactionsWebCopy.nextPage }
            .id("tx-page-next")
        }
    }

    /// Fixed at the bottom: the filter's name top-right in its colour, `Total spent:` and the pinned sum below.
    private static func floatingSum(_ sum: TransactionsPresenter.ViewState.FloatingSum) -> HTML {
        Tag.div(.class("tx-sum"), .aria("live", "polite")) {
            Tag.p(.class("tx-sum-title tx-t-\(sum.color.rawValue)")) { sum.title }
            Tag.p(.class("tx-sum-line")) {
                Tag.span(.class("tx-sum-label")) { sum.label }
                Tag.span(.class("tx-sum-amount")) { sum.amount }
            }
        }
        .id("tx-sum")
    }
}
