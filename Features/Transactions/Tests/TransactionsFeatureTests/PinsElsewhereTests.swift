import FeatureHostCore
import FeatureHostTesting
import Testing
import TransactionsFixtures

@testable import TransactionsFeature

/// Screens of one run agree on the pins: a pin changed on one (a web page, the shell) is read again by every
/// other, without a reload, keeping each screen's own filter and selection.
@MainActor
@Suite struct PinsElsewhereTests {
    @Test func aPinChangedOnOneScreenShowsOnTheOthers() async throws {
        let host = try TestHost()
        let first = try await TransactionsFeature.loaded(on: host).presenter
        let second = try await TransactionsFeature.loaded(on: host).presenter
        second.send(.chooseFilter(.category(.travel)))
        #expect(second.viewState.sum?.amount == "$215.28")

        first.send(.chooseFilter(.category(.travel)))
        first.send(.togglePin)  // Airport ride, 54.28
        await host.settle()
        #expect(second.viewState.sum?.amount == "$161.00", "the other screen read the saved pins again")
        #expect(second.viewState.rows.first { $0.id == 5 }?.isPinned == false)
        #expect(second.viewState.tabs.map(\.isSelected) == first.viewState.tabs.map(\.isSelected))

        // And back, from the other screen.
        second.send(.togglePin)
        await host.settle()
        #expect(first.viewState.sum?.amount == "$215.28")
        #expect(second.viewState.sum?.amount == "$215.28")
    }

    @Test func aScreenThatHasNotAppearedReadsNothingUntilItDoes() async throws {
        let host = try TestHost()
        let first = try await TransactionsFeature.loaded(on: host).presenter
        let waiting = try TransactionsFeature(
            context: try host.context(id: "transactions", source: SourceConfiguration(kind: .inMemory)))
        first.send(.togglePin)
        await host.settle()
        #expect(waiting.presenter.viewState.status == .loading(TransactionsPresenter.loadingMessage))
        waiting.handle(.appear)
        await host.settle()
        #expect(waiting.presenter.viewState.rows.first { $0.id == 1 }?.isPinned == false, "its first load reads the pins")
    }
}
