import DataSources
import FeatureHostCore
import Foundation
import Testing

@testable import TransactionsFeature

@Suite struct TransactionStoreTests {
    private func starterStore(unpinned: Set<Int> = []) throws -> TransactionListModel {
        var store = TransactionListModel(unpinnedIDs: unpinned)
        store.replace(with: try starterTransactions())
        return store
    }

    static let expected: [(CategoryFilter, count: Int, sum: String)] = [
        (.all, 13, "472.08"), (.category(.food), 5, "74.28"), (.category(.health), 1, "21.53"),
        (.category(.entertainment), 1, "82.99"), (.category(.shopping), 3, "78.00"), (.category(.travel), 3, "215.28"),
    ]

    @Test(arguments: expected)
    func filtersEachCategory(filter: CategoryFilter, count: Int, sum: String) throws {
        let store = try starterStore()
        let transactions = store.transactions(in: filter)
        #expect(transactions.count == count)
        #expect(transactions.allSatisfy { filter.includes($0.category) })
        // Source order is kept.
        #expect(transactions.map(\.id) == transactions.map(\.id).sorted())
    }

    @Test(arguments: expected)
    func sumsEachCategoryExactly(filter: CategoryFilter, count: Int, sum: String) throws {
        let store = try starterStore()
        #expect(store.pinnedTotal(in: filter) == (try money(sum)))
        // The same sum computed naively from the filtered transactions.
        #expect(store.transactions(in: filter).map(\.amount).reduce(.zero, +) == (try money(sum)))
    }

    @Test func everyTransactionStartsPinned() throws {
        let store = try starterStore()
        #expect(store.pinned == Array(repeating: true, count: 13))
    }

    @Test func unpinnedTransactionsLeaveTheSums() throws {
        var store = try starterStore()
        // Unpin Salad Mix (food 25.32) and Outbound Trip (travel 116.78).
        store.togglePin(at: try #require(store.position(ofID: 3)))
        store.togglePin(at: try #require(store.position(ofID: 13)))
        #expect(store.pinnedTotal(in: .category(.food)) == (try money("48.96")))
        #expect(store.pinnedTotal(in: .category(.travel)) == (try money("98.50")))
        #expect(store.pinnedTotal(in: .category(.health)) == (try money("21.53")))
        #expect(store.pinnedTotal(in: .all) == (try money("329.98")))
        // Pinning again restores them.
        store.togglePin(at: try #require(store.position(ofID: 3)))
        #expect(store.pinnedTotal(in: .category(.food)) == (try money("74.28")))
        #expect(store.pinnedTotal(in: .all) == (try money("355.30")))
    }

    @Test func nothingPinnedSumsToZero() throws {
        var store = try starterStore()
        for position in store.transactions.indices { store.togglePin(at: position) }
        for (filter, _, _) in Self.expected { #expect(store.pinnedTotal(in: filter) == .zero) }
    }

    @Test func savedPinsApplyToANewStore() throws {
        let store = try starterStore(unpinned: [2, 8])
        #expect(store.isPinned(id: 8) == false)
        #expect(store.isPinned(id: 2) == false)
        #expect(store.isPinned(id: 1) == true)
        #expect(store.pinnedTotal(in: .category(.health)) == .zero)
        #expect(store.pinnedTotal(in: .all) == (try money("395.95")))
        #expect(store.pinsWarning == nil)
    }

    /// One save at a time: changes made while one runs wait for it, and go in the next.
    @Test func changesWaitForTheSaveUnderWayAndGoInTheNext() throws {
        var store = try starterStore()
        #expect(store.changesToSave() == nil, "nothing to save")
        store.togglePin(at: 0)
        #expect(store.changesToSave() == [1: false])
        store.togglePin(at: 1)
        store.togglePin(at: 2)
        store.togglePin(at: 2)
        #expect(store.changesToSave() == nil, "a save is under way")
        store.saveFinished(.success([1]))
        #expect(store.unpinnedIDs == [1, 2])
        #expect(store.changesToSave() == [2: false, 3: true])
        store.saveFinished(.success([1, 2]))
        #expect(store.changesToSave() == nil)
        #expect(store.unpinnedIDs == [1, 2])
    }

    /// A failed save takes its changes off the screen (the sums too); changes made since stay, waiting.
    @Test func aFailedSaveShowsWhatIsKept() throws {
        var store = try starterStore(unpinned: [13])
        store.togglePin(at: try #require(store.position(ofID: 3)))  // unpin Salad Mix
        _ = store.changesToSave()
        store.togglePin(at: try #require(store.position(ofID: 5)))  // unpin Airport ride, while the first saves
        #expect(store.pinnedTotal(in: .all) == (try money("275.70")))
        let lost = store.saveFinished(.failure(FeatureError("Read-only file system.")))
        #expect(lost == [3: false])
        #expect(store.isPinned(id: 3) == true)
        #expect(store.isPinned(id: 5) == false)
        #expect(store.isPinned(id: 13) == false)
        #expect(store.pinnedTotal(in: .all) == (try money("301.02")))
        #expect(store.changesToSave() == [5: false])
    }

    /// What a save returns is what is kept, another session's pins included: they show here too.
    @Test func aSaveShowsWhatAnotherSessionKept() throws {
        var store = try starterStore()
        store.togglePin(at: 0)
        _ = store.changesToSave()
        store.saveFinished(.success([1, 7]))
        #expect(store.isPinned(id: 7) == false)
        #expect(store.pinnedTotal(in: .category(.food)) == (try money("61.52")))
    }

    /// A load's read of the pins that started before a save finished may miss that save: the save's answer stays.
    @Test func aReadOlderThanAFinishedSaveIsNotTakenForWhatIsKept() throws {
        var store = try starterStore()
        let before = store.savesFinished
        store.togglePin(at: 0)
        _ = store.changesToSave()
        store.saveFinished(.success([1]))
        store.readPins(.success([]), savesFinishedBefore: before)
        #expect(store.isPinned(id: 1) == false)
        store.readPins(.success([4]), savesFinishedBefore: store.savesFinished)
        #expect(store.unpinnedIDs == [4])
    }

    @Test func unreadableSavedPinsAreReportedAndCountAsNone() throws {
        var store = try starterStore(unpinned: [3])
        store.readPins(.failure(FeatureError("The stored value is damaged.")), savesFinishedBefore: store.savesFinished)
        #expect(store.pinned == Array(repeating: true, count: 13))
        let warning = try #require(store.pinsWarning)
        // The user's words and what happens next; never the store's reason (a decoder's or a file's).
        #expect(warning == unreadablePinsWarning)
        #expect(!warning.contains("damaged.") && !warning.contains("DecodingError"))
    }

    @Test func sharesAddUpToAWholeAndNeverDivideByZero() throws {
        let store = try starterStore()
        let totals = TransactionCategory.allCases.map { store.pinnedTotal(in: .category($0)) }
        #expect(CategoryShares.perMille(of: totals) == [157, 46, 176, 165, 456])
        #expect(CategoryShares.perMille(of: Array(repeating: .zero, count: 5)) == [0, 0, 0, 0, 0])
        // A refund (negative total) takes no share; huge totals do not overflow.
        #expect(
            CategoryShares.perMille(of: [Money(scaled: -5), Money(scaled: 1), .zero, .zero, .zero]) == [
                0, 1000, 0, 0, 0,
            ])
        #expect(
            CategoryShares.perMille(of: [Money(scaled: .max / 2), Money(scaled: .max / 2), .zero]) == [500, 500, 0])
        #expect(
            CategoryShares.perMille(of: [Money(scaled: 1), Money(scaled: 1), Money(scaled: 1)]) == [334, 333, 333])
    }
}
