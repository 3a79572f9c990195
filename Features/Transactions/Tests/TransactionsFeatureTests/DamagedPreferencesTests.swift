import DataSources
import FeatureHostTesting
import Foundation
import Testing

@testable import TransactionsFeature

/// A preferences file that cannot be read (an empty one is what a kill left under the old `UserDefaults` store)
/// must not read as "everything pinned" without a word, nor be overwritten by the next pin change.
@Suite struct DamagedPreferencesTests {
    @Test func pinsInADamagedFileAreReportedAndTheFileIsMovedAsideOnTheNextChange() throws {
        let directory = try TemporaryDirectory()
        try directory.write("", to: "preferences.plist")
        let pins = LivePinStorage(try PlistFileStore(suiteFile: directory.file("preferences"), prefix: "transactions."))
        let store = TransactionStore(pins: pins)
        let warning = try #require(store.pinsWarning)
        #expect(warning.hasPrefix("The saved pins could not be read (The saved settings in \(directory.file("preferences.plist").path) cannot be read (it is empty)."))

        store.replace(with: try starterTransactions())
        store.togglePin(at: 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(names.contains { $0.hasPrefix("preferences.plist.corrupt-") }, "the damaged file is kept: \(names)")
        #expect(try pins.unpinnedIDs() == [store.transactions[0].id])
    }
}
