import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import TransactionsFeature

/// A preferences file that cannot be read (an empty one is what a kill left under the old `UserDefaults` store)
/// must not read as "everything pinned" without a word, nor be overwritten by the next pin change.
@MainActor
@Suite struct DamagedPreferencesTests {
    @Test func pinsInADamagedFileAreReportedAndTheFileIsMovedAsideOnTheNextChange() async throws {
        let host = try TestHost()
        let directory = try TemporaryDirectory()
        try directory.write("", to: "preferences.plist")
        let pins = LivePinClient(try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "transactions."))
        let presenter = TransactionsPresenter(
            source: AnyDataSource(InMemorySource(try starterTransactions())), pins: pins,
            formatting: TransactionsPresenterTests.formatting, effects: host.makeEffects())
        presenter.send(.lifecycle(.appear))
        await host.settle()
        let warning = try #require(presenter.viewState.pinsWarning)
        #expect(warning == unreadablePinsWarning)

        presenter.send(.togglePin)
        await host.settle()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(names.contains { $0.hasPrefix("preferences.plist.corrupt-") }, "the damaged file is kept: \(names)")
        #expect(try await pins.unpinnedIDs() == [1])
    }
}
