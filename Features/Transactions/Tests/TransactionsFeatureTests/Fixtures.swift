import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import TransactionsFeature

/// The starter data as the list shows it in en_US with USD, in source order.
let starterRows: [TransactionRow] = [
    row(1, .entertainment, "Movie Night", "$82.99", "Mar 5, 2021", "Online Savings", "Time Warner"),
    row(2, .shopping, "Jeans", "$54.60", "Apr 25, 2021", "Checking Account", "J.Crew"),
    row(3, .food, "Salad Mix", "$25.32", "Apr 15, 2021", "Credit Card", "Wendy's"),
    row(4, .food, "Lunch Special", "$10.36", "Apr 12, 2021", "Online Savings", "Burger King"),
    row(5, .travel, "Airport ride", "$54.28", "Apr 2, 2021", "Checking Account", "Uber"),
    row(6, .shopping, "Monthly Best Seller", "$6.51", "Apr 22, 2021", "Credit Card", "Amazon"),
    row(7, .food, "Triple Spice Souce", "$12.76", "Apr 22, 2021", "Online Savings", "Trader Joe's"),
    row(8, .health, "Meds", "$21.53", "Apr 4, 2021", "Checking Account", "CVS"),
    row(9, .food, "Potato Snack", "$15.95", "Apr 19, 2021", "Credit Card", "Wawa"),
    row(10, .travel, "Refuel", "$44.22", "Apr 21, 2021", "Online Savings", "ExxonMobil"),
    row(11, .food, "Matcha Latte", "$9.89", "Apr 27, 2021", "Checking Account", "Starbucks"),
    row(12, .shopping, "Riders Cap", "$16.89", "Apr 26, 2021", "Credit Card", "J.Crew"),
    row(13, .travel, "Outbound Trip", "$116.78", "Apr 30, 2021", "Online Savings", "American Airlines"),
]

func row(
    _ id: Int, _ category: TransactionCategory, _ name: String, _ amount: String, _ date: String, _ account: String,
    _ provider: String?, pinned: Bool = true
) -> TransactionRow {
    TransactionRow(
        id: id, category: category.title, color: category.color, name: name, amount: amount, date: date,
        accountName: account, provider: provider, isPinned: pinned)
}

/// The starter's rows of one filter, with the given ids unpinned.
func starterRows(in filter: CategoryFilter, unpinned: Set<Int> = []) -> [TransactionRow] {
    starterRows.filter { row in filter.includes(TransactionCategory(rawValue: row.category) ?? .food) }.map { row in
        var row = row
        row.isPinned = !unpinned.contains(row.id)
        return row
    }
}

/// The 13 starter transactions, decoded from the bundled sample.
func starterTransactions() throws -> [Transaction] {
    let file = try #require(TransactionSamples.file)
    return try TransactionPayload.decoder.decode(try Data(contentsOf: file), .json)
}

func money(_ text: String) throws -> Money { try #require(Money(text)) }

/// A view state with its lazily formatted rows read out, so a test compares every field at once.
struct Screen: Equatable, CustomStringConvertible {
    var state: TransactionsPresenter.ViewState
    var rows: [TransactionRow]

    init(_ state: TransactionsPresenter.ViewState) {
        rows = Array(state.rows)
        self.state = state
        self.state.rows = TransactionRows()
    }

    init(state: TransactionsPresenter.ViewState, rows: [TransactionRow]) {
        self.state = state
        self.rows = rows
    }

    var description: String { "\(state)\nrows: \(rows.map { "\($0.id)\($0.isPinned ? "" : " unpinned")" })" }
}

typealias ViewState = TransactionsPresenter.ViewState

/// The whole expected state of a loaded presenter, from the few things a test varies.
func loadedScreen(
    tab: TransactionsPresenter.Tab = .transactions, filter: CategoryFilter = .all, unpinned: Set<Int> = [],
    selectedRow: Int? = 0, sum: String, insights: [(amount: String, share: String, perMille: Int)], total: String,
    notice: String? = nil, pinsWarning: String? = nil, canRetry: Bool? = nil
) -> Screen {
    let rows = starterRows(in: filter, unpinned: unpinned)
    let state = ViewState(
        tab: tab,
        tabs: TransactionsPresenter.Tab.allCases.map { ViewState.TabItem(title: $0.title, isSelected: $0 == tab) },
        status: .loaded, notice: notice, pinsWarning: pinsWarning, canRetry: canRetry ?? (notice != nil),
        filters: CategoryFilter.allCases.map {
            ViewState.FilterButton(title: $0.title, color: $0.color, isSelected: $0 == filter)
        },
        rows: TransactionRows(), selectedRow: rows.isEmpty ? nil : selectedRow,
        emptyMessage: rows.isEmpty ? "No \(filter.title) transactions." : nil,
        sum: ViewState.FloatingSum(
            title: filter.title, color: filter.color, label: "Total spent:", amount: sum),
        insights: ViewState.Insights(
            rows: zip(TransactionCategory.allCases, insights).map { category, insight in
                ViewState.InsightRow(
                    title: category.title, color: category.color, amount: insight.amount, share: insight.share,
                    perMille: insight.perMille)
            }, totalLabel: "Total spent", total: total))
    return Screen(state: state, rows: rows)
}

/// Insights of the untouched starter data: food, health, entertainment, shopping, travel.
let starterInsights: [(amount: String, share: String, perMille: Int)] = [
    ("$74.28", "15.7%", 157), ("$21.53", "4.6%", 46), ("$82.99", "17.6%", 176), ("$78.00", "16.5%", 165),
    ("$215.28", "45.6%", 456),
]

/// How a test host's context formats: en_US, USD, UTC, a 24-hour clock.
let hostFormatting = TransactionFormatting(
    locale: Locale(identifier: "en_US"), currencyCode: "USD", timeZone: TimeZone(identifier: "UTC") ?? .gmt,
    hourCycle: .twentyFourHour)

/// The starter transactions, or none when the bundled sample cannot be read (the comparison then fails).
let starter: [Transaction] = (try? starterTransactions()) ?? []

/// The whole view state of a loaded presenter, as `loadedScreen` describes it, with its rows over `transactions`
/// formatted as `formatting` formats: what a `PresenterTestStore` compares.
func loadedState(
    transactions: [Transaction] = starter, tab: TransactionsPresenter.Tab = .transactions, filter: CategoryFilter = .all,
    unpinned: Set<Int> = [], selectedRow: Int? = 0, sum: String, insights: [(amount: String, share: String, perMille: Int)],
    total: String, notice: String? = nil, pinsWarning: String? = nil, canRetry: Bool? = nil,
    formatting: TransactionFormatting = hostFormatting
) -> ViewState {
    var state = loadedScreen(
        tab: tab, filter: filter, unpinned: unpinned, selectedRow: selectedRow, sum: sum, insights: insights, total: total,
        notice: notice, pinsWarning: pinsWarning, canRetry: canRetry
    ).state
    let positions = transactions.indices.filter { filter.includes(transactions[$0].category) }
    state.rows = TransactionRows(
        transactions: transactions, positions: positions, pinned: transactions.map { !unpinned.contains($0.id) },
        formatting: formatting)
    state.selectedRow = positions.isEmpty ? nil : selectedRow
    state.emptyMessage = positions.isEmpty ? (filter == .all ? "No transactions." : "No \(filter.title) transactions.") : nil
    return state
}

/// Insights with nothing pinned.
let emptyInsights: [(amount: String, share: String, perMille: Int)] = Array(repeating: ("$0.00", "0.0%", 0), count: 5)

/// The loaded starter data with `unpinned` unpinned, its sums and insights computed from the data through the
/// feature's own share rule (the figures themselves are checked literally by the presenter tests): for tests
/// about which pins are kept.
func pinnedState(
    _ unpinned: Set<Int>, selectedRow: Int = 0, pinsWarning: String? = nil, formatting: TransactionFormatting = hostFormatting
) -> ViewState {
    func pinnedTotal(_ filter: CategoryFilter) -> Money {
        starter.filter { filter.includes($0.category) && !unpinned.contains($0.id) }.reduce(Money.zero) { $0 + $1.amount }
    }
    let totals = TransactionCategory.allCases.map { pinnedTotal(.category($0)) }
    let shares = CategoryShares.perMille(of: totals)
    let insights = zip(totals, shares).map { (amount: formatting.money($0), share: formatting.percent(perMille: $1), perMille: $1) }
    let sum = formatting.money(pinnedTotal(.all))
    return loadedState(
        unpinned: unpinned, selectedRow: selectedRow, sum: sum, insights: insights, total: sum, pinsWarning: pinsWarning,
        formatting: formatting)
}

/// What the presenter says when the saved pins in `store` cannot be read.
/// The notice for saved pins that cannot be read, whatever the reason: the user's words and the outcome.
let unreadablePinsWarning =
    "Your saved pins could not be read, so every transaction is pinned for now. Your next pin change saves new pins in their place."
