import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import TransactionsFeature

@MainActor
@Suite struct TransactionsPresenterTests {
    static let formatting = TransactionFormatting(
        locale: Locale(identifier: "en_US"), currencyCode: "USD", timeZone: .gmt, hourCycle: .twelveHour)

    @Test func opensLoadingThenShowsAllTransactionsWithTheFirstSelected() async throws {
        let host = try TestHost()
        let feature = try TransactionsFeature(
            context: try host.context(id: "transactions", source: SourceConfiguration(kind: .inMemory)))
        let presenter = feature.presenter
        #expect(
            Screen(presenter.viewState)
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
        await host.settle()
        #expect(presenter.viewState.status == .loading("Loading transactions…"))
        feature.handle(.appear)
        await host.settle()
        #expect(
            Screen(presenter.viewState) == loadedScreen(sum: "$472.08", insights: starterInsights, total: "$472.08"))
        #expect(presenter.changeCount == 1)
    }

    @Test func theLoadCountsAsInFlightUntilItsResultIsApplied() async throws {
        let host = try TestHost()
        // A source the factory does not wrap: only the presenter's effect counts it.
        let presenter = TransactionsPresenter(
            source: AnyDataSource(InMemorySource(try starterTransactions())), pins: InMemoryPinStorage(),
            formatting: Self.formatting, effects: EffectRunner(activity: host.activity))
        #expect(host.activity.inFlight == 0)
        presenter.send(.lifecycle(.appear))
        #expect(host.activity.inFlight == 1)
        // A second start while the load runs does not start another.
        presenter.send(.reload)
        #expect(host.activity.inFlight == 1)
        await host.settle()
        #expect(host.activity.inFlight == 0)
        #expect(
            Screen(presenter.viewState) == loadedScreen(sum: "$472.08", insights: starterInsights, total: "$472.08"))
    }

    @Test func rightAndLeftWalkTheFiltersAndTheSumFollows() async throws {
        let host = try TestHost()
        let presenter = try await loadedFeature(host: host).presenter
        let sums = ["$472.08", "$74.28", "$21.53", "$82.99", "$78.00", "$215.28"]
        for (index, filter) in CategoryFilter.allCases.enumerated().dropFirst() {
            presenter.send(.moveFilter(by: 1))
            #expect(
                Screen(presenter.viewState)
                    == loadedScreen(filter: filter, sum: sums[index], insights: starterInsights, total: "$472.08"))
        }
        // → stops at the last filter.
        presenter.send(.moveFilter(by: 1))
        #expect(presenter.viewState.filters.last?.isSelected == true)
        for index in stride(from: 4, through: 1, by: -1) {
            let filter = CategoryFilter.allCases[index]
            presenter.send(.moveFilter(by: -1))
            #expect(
                Screen(presenter.viewState)
                    == loadedScreen(filter: filter, sum: sums[index], insights: starterInsights, total: "$472.08"))
        }
        // Back on `all`, the selection stays on food's first transaction, Salad Mix.
        presenter.send(.moveFilter(by: -1))
        #expect(
            Screen(presenter.viewState)
                == loadedScreen(selectedRow: 2, sum: "$472.08", insights: starterInsights, total: "$472.08"))
        presenter.send(.moveFilter(by: -1))
        #expect(presenter.viewState.filters.first?.isSelected == true)
    }

    @Test func upAndDownMoveTheSelectionWithinTheFilterAndStopAtTheEnds() async throws {
        let host = try TestHost()
        let presenter = try await loadedFeature(host: host).presenter
        presenter.send(.chooseFilter(.category(.food)))
        let food = { (row: Int) in
            loadedScreen(
                filter: .category(.food), selectedRow: row, sum: "$74.28", insights: starterInsights, total: "$472.08")
        }
        presenter.send(.moveSelection(by: -1))
        #expect(Screen(presenter.viewState) == food(0))
        presenter.send(.moveSelection(by: 1))
        #expect(Screen(presenter.viewState) == food(1))
        presenter.send(.moveSelection(by: 3))
        #expect(Screen(presenter.viewState) == food(4))
        presenter.send(.moveSelection(by: 1))
        #expect(Screen(presenter.viewState) == food(4))
        presenter.send(.moveSelection(by: -10))
        #expect(Screen(presenter.viewState) == food(0))
    }

    @Test func theSelectionStaysOnItsTransactionWhileTheFilterShowsIt() async throws {
        let host = try TestHost()
        let presenter = try await loadedFeature(host: host).presenter
        presenter.send(.chooseFilter(.category(.travel)))
        presenter.send(.moveSelection(by: 2))  // Outbound Trip, id 13
        presenter.send(.chooseFilter(.all))
        #expect(
            Screen(presenter.viewState)
                == loadedScreen(selectedRow: 12, sum: "$472.08", insights: starterInsights, total: "$472.08"))
        // Food does not show it: its first transaction is selected.
        presenter.send(.chooseFilter(.category(.food)))
        #expect(
            Screen(presenter.viewState)
                == loadedScreen(
                    filter: .category(.food), selectedRow: 0, sum: "$74.28", insights: starterInsights, total: "$472.08"
                ))
    }

    @Test func togglingThePinChangesTheRowTheSumAndTheInsights() async throws {
        let host = try TestHost()
        let presenter = try await loadedFeature(host: host).presenter
        presenter.send(.chooseFilter(.category(.food)))
        presenter.send(.moveSelection(by: 1))  // Lunch Special, 10.36
        presenter.send(.togglePin)
        let unpinnedInsights: [(amount: String, share: String, perMille: Int)] = [
            ("$63.92", "13.8%", 138), ("$21.53", "4.7%", 47), ("$82.99", "18.0%", 180), ("$78.00", "16.9%", 169),
            ("$215.28", "46.6%", 466),
        ]
        #expect(
            Screen(presenter.viewState)
                == loadedScreen(
                    filter: .category(.food), unpinned: [4], selectedRow: 1, sum: "$63.92", insights: unpinnedInsights,
                    total: "$461.72"))
        // The Insights tab reads the same store.
        presenter.send(.switchTab)
        #expect(
            Screen(presenter.viewState)
                == loadedScreen(
                    tab: .insights, filter: .category(.food), unpinned: [4], selectedRow: 1, sum: "$63.92",
                    insights: unpinnedInsights, total: "$461.72"))
        presenter.send(.switchTab)
        presenter.send(.togglePin)
        #expect(
            Screen(presenter.viewState)
                == loadedScreen(
                    filter: .category(.food), selectedRow: 1, sum: "$74.28", insights: starterInsights, total: "$472.08"
                ))
    }

    @Test func insightsAlwaysEqualTheSumOfEachCategory() async throws {
        let host = try TestHost()
        let presenter = try await loadedFeature(host: host).presenter
        // Unpin every other transaction, then compare each category's insight with its floating sum.
        for step in 0..<13 {
            if step.isMultiple(of: 2) { presenter.send(.togglePin) }
            presenter.send(.moveSelection(by: 1))
        }
        let insights = try #require(presenter.viewState.insights)
        for (index, category) in TransactionCategory.allCases.enumerated() {
            presenter.send(.chooseFilter(.category(category)))
            #expect(insights.rows[index].amount == presenter.viewState.sum?.amount)
        }
        presenter.send(.chooseFilter(.all))
        #expect(insights.total == presenter.viewState.sum?.amount)
        #expect(insights.total == "$154.11")
        #expect(insights.rows.map(\.perMille).reduce(0, +) == 1000)
    }

    @Test func nothingPinnedShowsZerosEverywhere() async throws {
        let host = try TestHost()
        let presenter = try await loadedFeature(host: host).presenter
        for _ in 0..<13 {
            presenter.send(.togglePin)
            presenter.send(.moveSelection(by: 1))
        }
        presenter.send(.switchTab)
        #expect(
            Screen(presenter.viewState)
                == loadedScreen(
                    tab: .insights, unpinned: Set(1...13), selectedRow: 12, sum: "$0.00",
                    insights: Array(repeating: ("$0.00", "0.0%", 0), count: 5), total: "$0.00"))
    }

    @Test func spaceOnAnEmptyListOrBeforeLoadingDoesNothing() async throws {
        let host = try TestHost()
        let presenter = TransactionsPresenter(
            source: AnyDataSource(InMemorySource([Transaction]())), pins: LivePinStorage(host.store),
            formatting: Self.formatting, effects: EffectRunner(activity: host.activity))
        presenter.send(.togglePin)
        #expect(presenter.viewState.status == .loading("Loading transactions…"))
        presenter.send(.reload)
        await host.settle()
        presenter.send(.togglePin)
        presenter.send(.moveSelection(by: 1))
        #expect(presenter.viewState.rows.isEmpty)
        #expect(presenter.viewState.selectedRow == nil)
        #expect(presenter.viewState.emptyMessage == "No transactions.")
        #expect(presenter.viewState.sum?.amount == "$0.00")
        #expect(host.store.keys == [])
    }

    @Test func aFailedLoadSaysWhyAndReloadRecovers() async throws {
        let host = try TestHost()
        let directory = try TemporaryDirectory()
        let file = directory.file("transactions.json")
        let feature = try await appearedFeature(
            host: host, source: SourceConfiguration(kind: .jsonFile, path: file))
        #expect(
            feature.presenter.viewState.status
                == .failed("Transactions could not be loaded: \(file.path): the file does not exist."))
        #expect(feature.presenter.viewState.sum == nil)
        #expect(feature.presenter.viewState.canRetry)
        try FileManager.default.copyItem(at: try #require(TransactionSamples.file), to: file)
        feature.presenter.send(.reload)
        await host.settle()
        #expect(
            Screen(feature.presenter.viewState)
                == loadedScreen(sum: "$472.08", insights: starterInsights, total: "$472.08"))
        // A reload that fails keeps the data and says why.
        try FileManager.default.removeItem(at: file)
        feature.presenter.send(.reload)
        await host.settle()
        #expect(
            Screen(feature.presenter.viewState)
                == loadedScreen(
                    sum: "$472.08", insights: starterInsights, total: "$472.08",
                    notice: "Reload failed: \(file.path): the file does not exist."))
    }

    @Test func unreadableSavedPinsAreShownAsANotice() async throws {
        let host = try TestHost()
        try host.store.set(Data("{".utf8), forKey: "unpinned-ids")
        let presenter = try await loadedFeature(host: host).presenter
        let warning = try #require(presenter.viewState.pinsWarning)
        #expect(warning.hasPrefix("The saved pins could not be read ("))
        #expect(
            Screen(presenter.viewState)
                == loadedScreen(
                    sum: "$472.08", insights: starterInsights, total: "$472.08", pinsWarning: warning, canRetry: false))
    }

    @Test func lifecycleEventsChangeNothing() async throws {
        let host = try TestHost()
        let presenter = try await loadedFeature(host: host).presenter
        let before = presenter.changeCount
        presenter.send(lifecycle: .didEnterBackground)
        presenter.send(lifecycle: .willEnterForeground)
        #expect(presenter.changeCount == before)
    }
}
