import TransactionsFeature
import WebUI

/// The page as HTML: the tab bar, the notices, then the shown tab (or the loading and failure messages).
/// Pure: the same view state gives the same bytes.
enum TransactionsPageMarkup {
    /// `focusOnFilters`: the user's last keys were the filter bar's, so keyboard focus follows the chosen filter
    /// there (`data-fh-focus`), not the selected row.
    static func page(_ state: TransactionsPresenter.ViewState, focusOnFilters: Bool = false) -> HTML {
        Tag.div(.class("tx")) {
            tabBar(state.tabs)
            notices(state)
            Tag.div(
                .class("tx-panel"), .role("tabpanel"), .aria("labelledby", tabID(state.tab))
            ) {
                switch state.status {
                case .loading(let message):
                    Tag.p(.class("tx-status"), .role("status")) { message }
                case .failed(let message):
                    Tag.div(.class("tx-failure"), .role("alert")) {
                        Tag.p(.class("tx-error")) { message }
                        if state.canRetry { retryButton() }
                    }
                case .loaded:
                    switch state.tab {
                    case .transactions: TransactionListMarkup.content(state, focusOnFilters: focusOnFilters)
                    case .insights: if let insights = state.insights { InsightsMarkup.content(insights) }
                    }
                }
            }
            .id("tx-panel")
        }
    }

    static func tabID(_ tab: TransactionsPresenter.Tab) -> String { "tx-tab-\(tab.rawValue)" }

    /// The view state's tabs are in `Tab.allCases` order; each is a real button with the tab role.
    private static func tabBar(_ tabs: [TransactionsPresenter.ViewState.TabItem]) -> HTML {
        Tag.div(.class("tx-tabs"), .role("tablist"), .aria("label", TransactionsWebCopy.tabsLabel)) {
            for (tab, item) in zip(TransactionsPresenter.Tab.allCases, tabs) {
                Tag.button(
                    .class(item.isSelected ? "tx-tab tx-tab-selected" : "tx-tab"), .type("button"), .role("tab"),
                    .aria("selected", item.isSelected ? "true" : "false"), .aria("controls", "tx-panel"),
                    .data("action", TransactionsWebAction.showTab(tab).name)
                ) { item.title }
                .id(tabID(tab))
            }
        }
    }

    /// Why the data may be out of date (with the retry button the view state offers), and the pins warning.
    /// Always there, empty when there is nothing to say, so the panel below keeps its place in the tree.
    private static func notices(_ state: TransactionsPresenter.ViewState) -> HTML {
        Tag.div(.class("tx-notices"), .role("status")) {
            if let notice = state.notice {
                Tag.div(.class("tx-notice")) {
                    Tag.p { notice }
                    if state.canRetry { retryButton() }
                }
            }
            if let warning = state.pinsWarning { Tag.p(.class("tx-notice tx-pins-warning")) { warning } }
        }
        .id("tx-notices")
    }

    static func retryButton() -> HTML {
        Tag.button(.class("tx-retry"), .type("button"), .data("action", TransactionsWebAction.retry.name)) {
            TransactionsWebCopy.retry
        }
        .id("tx-retry")
    }
}
