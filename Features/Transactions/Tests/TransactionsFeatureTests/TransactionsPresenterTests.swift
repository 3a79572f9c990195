import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import TransactionsFeature

/// The presenter through a `PresenterTestStore`: each action's change asserted whole (the lazily formatted rows
/// included), each load's and save's outcome received, and every save finished at the end.
@MainActor
@Suite struct TransactionsPresenterTests {
    static let formatting = TransactionFormatting(
        locale: Locale(identifier: "en_US"), currencyCode: "USD", timeZone: .gmt, hourCycle: .twelveHour)

    /// The starter data, as the host builds the feature for an in-memory source, shown and loaded, in a store.
    func loadedStore(_ host: TestHost, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> PresenterTestStore<TransactionsPresenter>
    {
        let feature = try TransactionsFeature(
            context: try host.context(id: "transactions", source: SourceConfiguration(kind: .inMemory)))
        let store = PresenterTestStore(feature.presenter, host: host, sourceLocation: sourceLocation)
        store.send(.lifecycle(.appear), starts: ["load"])
        await store.receive { $0 = loadedState(sum: "$472.08", insights: starterInsights, total: "$472.08") }
        return store
    }

    @Test func opensLoadingThenShowsAllTransactionsWithTheFirstSelected() async throws {
        let host = try TestHost()
        let feature = try TransactionsFeature(
            context: try host.context(id: "transactions", source: SourceConfiguration(kind: .inMemory)))
        let store = PresenterTestStore(feature.presenter, host: host)
        #expect(
            Screen(store.state)
                == Screen(
                    state: ViewState(
                        tab: .transactions,
                        tabs: [
                            .init(title: "Transactions", isSelected: true), .init(title: "Insights", isSelected: false),
                        ],
                        status: .loading("Loading transactions…"), notice: nil, pinsWarning: nil, canRetry: false,
                        filters: CategoryFilter.allCases.map {
                            .init(title: $0.title, color: $0.color, isSelected: $0 == .all)
                        },
                        rows: TransactionRows(), selectedRow: nil, emptyMessage: nil, sum: nil, insights: nil),
                    rows: []))
        // Nothing loads until the feature appears.
        await store.advance(by: .seconds(60))
        store.send(.lifecycle(.appear), starts: ["load"])  // the load starts: still "Loading transactions…"
        await store.receive { $0 = loadedState(sum: "$472.08", insights: starterInsights, total: "$472.08") }
        #expect(Screen(store.state) == loadedScreen(sum: "$472.08", insights: starterInsights, total: "$472.08"))
        await store.finish()
    }

    @Test func theLoadCountsAsInFlightUntilItsResultIsApplied() async throws {
        let host = try TestHost()
        // A source the factory does not wrap: only the presenter's effect counts it.
        let presenter = TransactionsPresenter(
            source: AnyDataSource(InMemorySource(try starterTransactions())), pins: InMemoryPinClient(),
            formatting: Self.formatting, effects: host.makeEffects())
        let store = PresenterTestStore(presenter, host: host)
        #expect(host.activity.inFlight == 0)
        store.send(.lifecycle(.appear), starts: ["load"])
        #expect(host.activity.inFlight == 1)
        // A second start while the load runs does not start another.
        store.send(.reload)
        #expect(host.activity.inFlight == 1)
        await store.receive {
            $0 = loadedState(sum: "$472.08", insights: starterInsights, total: "$472.08", formatting: Self.formatting)
        }
        #expect(host.activity.inFlight == 0)
        await store.finish()
    }

    @Test func rightAndLeftWalkTheFiltersAndTheSumFollows() async throws {
        let store = try await loadedStore(try TestHost())
        let sums = ["$472.08", "$74.28", "$21.53", "$82.99", "$78.00", "$215.28"]
        for (index, filter) in CategoryFilter.allCases.enumerated().dropFirst() {
            store.send(.moveFilter(by: 1)) {
                $0 = loadedState(filter: filter, sum: sums[index], insights: starterInsights, total: "$472.08")
            }
        }
        store.send(.moveFilter(by: 1))  // → stops at the last filter
        for index in stride(from: 4, through: 1, by: -1) {
            store.send(.moveFilter(by: -1)) {
                $0 = loadedState(filter: CategoryFilter.allCases[index], sum: sums[index], insights: starterInsights, total: "$472.08")
            }
        }
        // Back on `all`, the selection stays on food's first transaction, Salad Mix.
        store.send(.moveFilter(by: -1)) { $0 = loadedState(selectedRow: 2, sum: "$472.08", insights: starterInsights, total: "$472.08") }
        store.send(.moveFilter(by: -1))  // ← stops at the first filter
        await store.finish()
    }

    @Test func upAndDownMoveTheSelectionWithinTheFilterAndStopAtTheEnds() async throws {
        let store = try await loadedStore(try TestHost())
        func food(_ row: Int) -> ViewState {
            loadedState(filter: .category(.food), selectedRow: row, sum: "$74.28", insights: starterInsights, total: "$472.08")
        }
        store.send(.chooseFilter(.category(.food))) { $0 = food(0) }
        store.send(.moveSelection(by: -1))
        store.send(.moveSelection(by: 1)) { $0.selectedRow = 1 }
        store.send(.moveSelection(by: 3)) { $0 = food(4) }
        store.send(.moveSelection(by: 1))
        store.send(.moveSelection(by: -10)) { $0.selectedRow = 0 }
        await store.finish()
    }

    @Test func theSelectionStaysOnItsTransactionWhileTheFilterShowsIt() async throws {
        let store = try await loadedStore(try TestHost())
        store.send(.chooseFilter(.category(.travel))) {
            $0 = loadedState(filter: .category(.travel), sum: "$215.28", insights: starterInsights, total: "$472.08")
        }
        store.send(.moveSelection(by: 2)) { $0.selectedRow = 2 }  // Outbound Trip, id 13
        store.send(.chooseFilter(.all)) { $0 = loadedState(selectedRow: 12, sum: "$472.08", insights: starterInsights, total: "$472.08") }
        // Food does not show it: its first transaction is selected.
        store.send(.chooseFilter(.category(.food))) {
            $0 = loadedState(filter: .category(.food), sum: "$74.28", insights: starterInsights, total: "$472.08")
        }
        await store.finish()
    }

    @Test func togglingThePinChangesTheRowTheSumAndTheInsights() async throws {
        let store = try await loadedStore(try TestHost())
        store.send(.chooseFilter(.category(.food))) {
            $0 = loadedState(filter: .category(.food), sum: "$74.28", insights: starterInsights, total: "$472.08")
        }
        store.send(.moveSelection(by: 1)) { $0.selectedRow = 1 }  // Lunch Special, 10.36
        let unpinnedInsights: [(amount: String, share: String, perMille: Int)] = [
            ("$63.92", "13.8%", 138), ("$21.53", "4.7%", 47), ("$82.99", "18.0%", 180), ("$78.00", "16.9%", 169),
            ("$215.28", "46.6%", 466),
        ]
        // Shown at once; the save that keeps it changes nothing more.
        store.send(.togglePin, starts: ["save-pins"]) {
            $0 = loadedState(
                filter: .category(.food), unpinned: [4], selectedRow: 1, sum: "$63.92", insights: unpinnedInsights, total: "$461.72")
        }
        // The Insights tab reads the same model.
        store.send(.switchTab) {
            $0 = loadedState(
                tab: .insights, filter: .category(.food), unpinned: [4], selectedRow: 1, sum: "$63.92", insights: unpinnedInsights,
                total: "$461.72")
        }
        store.send(.switchTab) {
            $0.tab = .transactions
            $0.tabs = loadedState(sum: "", insights: [], total: "").tabs
        }
        store.send(.togglePin) {
            $0 = loadedState(filter: .category(.food), selectedRow: 1, sum: "$74.28", insights: starterInsights, total: "$472.08")
        }
        await store.settle(starts: ["read-pins", "save-pins", "read-pins", "read-pins", "read-pins"])
        await store.finish()
    }

    /// A property of every state rather than a story of actions: the steps are sent past the store and skipped.
    @Test func insightsAlwaysEqualTheSumOfEachCategory() async throws {
        let store = try await loadedStore(try TestHost())
        // Unpin every other transaction, then compare each category's insight with its floating sum.
        for step in 0..<13 {
            if step.isMultiple(of: 2) { store.presenter.send(.togglePin) }
            store.presenter.send(.moveSelection(by: 1))
        }
        store.skipReceivedChanges()
        let insights = try #require(store.state.insights)
        for (index, category) in TransactionCategory.allCases.enumerated() {
            store.presenter.send(.chooseFilter(.category(category)))
            #expect(insights.rows[index].amount == store.presenter.viewState.sum?.amount)
        }
        store.presenter.send(.chooseFilter(.all))
        store.skipReceivedChanges()
        #expect(insights.total == store.state.sum?.amount)
        #expect(insights.total == "$154.11")
        #expect(insights.rows.map(\.perMille).reduce(0, +) == 1000)
        await store.settle(starts: ["read-pins", "save-pins", "read-pins", "read-pins", "read-pins"])
        await store.finish()
    }

    @Test func nothingPinnedShowsZerosEverywhere() async throws {
        let store = try await loadedStore(try TestHost())
        for _ in 0..<13 {
            store.presenter.send(.togglePin)
            store.presenter.send(.moveSelection(by: 1))
        }
        store.skipReceivedChanges {
            $0 = loadedState(unpinned: Set(1...13), selectedRow: 12, sum: "$0.00", insights: emptyInsights, total: "$0.00")
        }
        store.send(.switchTab) {
            $0 = loadedState(
                tab: .insights, unpinned: Set(1...13), selectedRow: 12, sum: "$0.00", insights: emptyInsights, total: "$0.00")
        }
        await store.settle(starts: ["read-pins", "save-pins", "read-pins", "read-pins", "read-pins"])
        await store.finish()
    }

    @Test func spaceOnAnEmptyListOrBeforeLoadingDoesNothing() async throws {
        let host = try TestHost()
        let presenter = TransactionsPresenter(
            source: AnyDataSource(InMemorySource([Transaction]())), pins: LivePinClient(host.store),
            formatting: Self.formatting, effects: host.makeEffects())
        let store = PresenterTestStore(presenter, host: host)
        store.send(.togglePin)
        store.send(.reload, starts: ["load"])
        await store.receive {
            $0 = loadedState(
                transactions: [], selectedRow: nil, sum: "$0.00", insights: emptyInsights, total: "$0.00", formatting: Self.formatting)
        }
        store.send(.togglePin)
        store.send(.moveSelection(by: 1))
        #expect(store.state.emptyMessage == "No transactions.")
        #expect(host.store.keys == [])
        await store.finish()
    }

    @Test func aFailedLoadSaysWhyAndReloadRecovers() async throws {
        let host = try TestHost()
        let directory = try TemporaryDirectory()
        let file = directory.file("transactions.json")
        let feature = try TransactionsFeature(
            context: try host.context(id: "transactions", source: SourceConfiguration(kind: .jsonFile, path: file)))
        let store = PresenterTestStore(feature.presenter, host: host)
        store.send(.lifecycle(.appear), starts: ["load"])
        await store.receive {
            $0.status = .failed("Transactions could not be loaded: \(file.path): the file does not exist.")
            $0.canRetry = true
        }
        try FileManager.default.copyItem(at: try #require(TransactionSamples.file), to: file)
        store.send(.reload, starts: ["load"]) {
            $0.status = .loading("Loading transactions…")
            $0.canRetry = false
        }
        await store.receive { $0 = loadedState(sum: "$472.08", insights: starterInsights, total: "$472.08") }
        // A reload that fails keeps the data and says why.
        try FileManager.default.removeItem(at: file)
        store.send(.reload, starts: ["load"])  // the list stays while it runs
        await store.receive {
            $0.notice = "Reload failed: \(file.path): the file does not exist."
            $0.canRetry = true
        }
        await store.finish()
    }

    @Test func unreadableSavedPinsAreShownAsANotice() async throws {
        let host = try TestHost()
        try host.store.set(Data("{".utf8), forKey: "unpinned-ids")
        let feature = try TransactionsFeature(
            context: try host.context(id: "transactions", source: SourceConfiguration(kind: .inMemory)))
        let store = PresenterTestStore(feature.presenter, host: host)
        store.send(.lifecycle(.appear), starts: ["load"])
        let warning = unreadablePinsWarning
        await store.receive {
            $0 = loadedState(sum: "$472.08", insights: starterInsights, total: "$472.08", pinsWarning: warning, canRetry: false)
        }
        await store.finish()
    }

    @Test func lifecycleEventsChangeNothing() async throws {
        let store = try await loadedStore(try TestHost())
        store.send(.lifecycle(.didEnterBackground))
        store.send(.lifecycle(.willEnterForeground))
        await store.finish()
    }
}
