import DataSources
import Foundation
import Testing

@testable import TransactionsFeature

@Suite struct TransactionStoreTests {
    private func starterStore(_ keyValues: InMemoryKeyValueStore = InMemoryKeyValueStore()) throws -> TransactionStore {
        let store = TransactionStore(pins: LivePinStorage(keyValues))
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
        let store = try starterStore()
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
        let store = try starterStore()
        for position in store.transactions.indices { store.togglePin(at: position) }
        for (filter, _, _) in Self.expected { #expect(store.pinnedTotal(in: filter) == .zero) }
    }

    @Test func pinsSurviveANewStore() throws {
        let keyValues = InMemoryKeyValueStore()
        let first = try starterStore(keyValues)
        first.togglePin(at: try #require(first.position(ofID: 8)))
        first.togglePin(at: try #require(first.position(ofID: 2)))
        #expect(keyValues.data(forKey: "unpinned-ids").map { String(decoding: $0, as: UTF8.self) } == "[2,8]")

        let second = try starterStore(keyValues)
        #expect(second.isPinned(id: 8) == false)
        #expect(second.isPinned(id: 2) == false)
        #expect(second.isPinned(id: 1) == true)
        #expect(second.pinnedTotal(in: .category(.health)) == .zero)
        #expect(second.pinnedTotal(in: .all) == (try money("395.95")))
        #expect(second.pinsWarning == nil)
    }

    /// Two sessions over one data directory (two browser tabs, two shells): each pin change starts from what is
    /// saved, so neither loses the other's.
    @Test func twoStoresOverOneSavedValueKeepEachOthersPins() throws {
        let keyValues = InMemoryKeyValueStore()
        let first = try starterStore(keyValues)
        let second = try starterStore(keyValues)
        first.togglePin(at: try #require(first.position(ofID: 1)))
        second.togglePin(at: try #require(second.position(ofID: 2)))
        #expect(try LivePinStorage(keyValues).unpinnedIDs() == [1, 2])
        // The second still shows 1 pinned; pinning 2 again keeps the first's 1 unpinned.
        second.togglePin(at: try #require(second.position(ofID: 2)))
        #expect(try LivePinStorage(keyValues).unpinnedIDs() == [1])
        #expect(second.pinnedTotal(in: .all) == (try money("472.08")))
    }

    @Test func pinningEverythingAgainClearsTheSavedValue() throws {
        let keyValues = InMemoryKeyValueStore()
        let store = try starterStore(keyValues)
        store.togglePin(at: 0)
        store.togglePin(at: 0)
        #expect(keyValues.keys == [])
    }

    @Test func unreadableSavedPinsAreReportedAndReplaced() throws {
        let keyValues = InMemoryKeyValueStore(["unpinned-ids": Data(#""not a list""#.utf8)])
        let store = try starterStore(keyValues)
        #expect(store.pinned == Array(repeating: true, count: 13))
        let warning = try #require(store.pinsWarning)
        #expect(
            warning.hasPrefix(
                #"The saved pins could not be read (The stored value for "unpinned-ids" cannot be read as Array<Int>"#))
        #expect(warning.hasSuffix("Every transaction starts pinned; the next pin change replaces them."))
        store.togglePin(at: 0)
        #expect(try LivePinStorage(keyValues).unpinnedIDs() == [1])
    }

    @Test func everyPinChangeIsSavedThroughTheClient() throws {
        let pins = InMemoryPinStorage(unpinnedIDs: [99])
        let store = TransactionStore(pins: pins)
        store.replace(with: try starterTransactions())
        #expect(store.pinned == Array(repeating: true, count: 13))
        store.togglePin(at: 0)
        #expect(pins.saved == [1, 99])
        store.togglePin(at: 12)
        #expect(pins.saved == [1, 13, 99])
        store.togglePin(at: 0)
        #expect(pins.saved == [13, 99])
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
