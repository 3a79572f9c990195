import DataSources
import FeatureHostCore
import Foundation
import TerminalUI
import TransactionsFeature
import TransactionsTerminal

/// 100,000 transactions: loading them into the presenter's store, a filter change with its floating sum, a pin
/// toggle, and a frame of each tab. A filter change must stay well under a frame (16 ms).
enum TransactionsBenchmarks {
    static let count = 100_000

    @MainActor
    static func run(_ bench: inout Benchmark) async {
        let transactions = makeTransactions(count)
        let formatting = TransactionFormatting(
            locale: Locale(identifier: "en_US"), currencyCode: "USD", timeZone: TimeZone(identifier: "UTC") ?? .current,
            hourCycle: .twelveHour)
        // The store is the presenter's own: a load's result reaches it through `send`, as the load effect's does.
        let presenter = TransactionsPresenter(
            source: AnyDataSource(InMemorySource(transactions)), pins: LivePinClient(InMemoryKeyValueStore()),
            formatting: formatting, effects: EffectRunner(activity: ActivityTracker()))
        bench.measure("transactions: load 100,000 (index, sums)", iterations: 9) {
            presenter.send(.finishedLoading(.success(Loaded(transactions)), pins: .success([])))
        }
        bench.measure("transactions: filter+sum by scanning 100,000 (no index)") {
            let food = transactions.filter { $0.category == .food }
            _ = food.reduce(Money.zero) { $0 + $1.amount }
        }

        let filters = CategoryFilter.allCases
        var next = 0
        bench.measure("transactions: filter change, sum, insights (100,000)", iterations: 61) {
            next += 1
            presenter.send(.chooseFilter(filters[next % filters.count]))
        }
        presenter.send(.chooseFilter(.all))
        bench.measure("transactions: toggle a pin (sums, insights; the save starts in an effect)", iterations: 61) {
            presenter.send(.togglePin)
        }

        let scene = TransactionsTerminalScene(presenter: presenter)
        let size = Size(width: 80, height: 24)
        presenter.send(.moveSelection(by: count / 2))
        bench.measure("transactions: render the list, 80×24 (100,000)", iterations: 61) {
            _ = scene.render(size: size)
        }
        bench.measure("transactions: → + render, 80×24 (100,000)", iterations: 61) {
            next += 1
            presenter.send(.chooseFilter(filters[next % filters.count]))
            _ = scene.render(size: size)
        }
        presenter.send(.switchTab)
        bench.measure("transactions: render insights and ring, 80×24", iterations: 61) {
            _ = scene.render(size: size)
        }
    }

    /// Deterministic data: categories in turn, amounts from 0.01 to 500.00, days across 2021.
    static func makeTransactions(_ count: Int) -> [Transaction] {
        let categories = TransactionCategory.allCases
        let accounts = ["Online Savings", "Checking Account", "Credit Card"]
        let start = Date(timeIntervalSince1970: 1_609_459_200)  // 2021-01-01 UTC
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { index in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let cents = Int64(seed >> 33) % 50_000 + 1
            return Transaction(
                id: index + 1, name: "Transaction \(index + 1)", category: categories[index % categories.count],
                amount: Money(scaled: cents * 100), date: start.addingTimeInterval(Double(index % 365) * 86_400),
                accountName: accounts[index % accounts.count], provider: index.isMultiple(of: 4) ? nil : "amazon")
        }
    }
}
