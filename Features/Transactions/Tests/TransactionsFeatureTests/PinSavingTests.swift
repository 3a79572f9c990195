import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import TransactionsFeature

/// Pins are saved through the `PinStorage` client in effects, off the main actor; a save that fails says so and
/// the pins shown are the ones kept.
@MainActor
@Suite struct PinSavingTests {
    static let formatting = TransactionFormatting(
        locale: Locale(identifier: "en_US"), currencyCode: "USD", timeZone: .gmt, hourCycle: .twelveHour)

    private func presenter(_ host: TestHost, pins: any PinStorage) async throws -> TransactionsPresenter {
        let presenter = TransactionsPresenter(
            source: AnyDataSource(InMemorySource(try starterTransactions())), pins: pins, formatting: Self.formatting,
            effects: EffectRunner(activity: host.activity))
        presenter.send(.lifecycle(.appear))
        await host.settle()
        return presenter
    }

    @Test func everyPinChangeIsSavedThroughTheClient() async throws {
        let host = try TestHost()
        let pins = InMemoryPinStorage(unpinnedIDs: [99])
        let presenter = try await presenter(host, pins: pins)
        #expect(presenter.viewState.rows.allSatisfy { $0.isPinned })
        presenter.send(.togglePin)
        await host.settle()
        #expect(pins.saved == [1, 99])
        presenter.send(.moveSelection(by: 12))
        presenter.send(.togglePin)
        presenter.send(.moveSelection(by: -12))
        presenter.send(.togglePin)
        await host.settle()
        #expect(pins.saved == [13, 99])
    }

    /// The save blocks on a file: the presenter's `send` must not wait for it. The pin shows at once; the save
    /// counts as in flight until its result is applied.
    @Test func aSaveRunsOffTheMainActor() async throws {
        let host = try TestHost()
        let store = SlowKeyValueStore()
        let presenter = try await presenter(host, pins: LivePinStorage(store))
        presenter.send(.togglePin)
        #expect(presenter.viewState.rows.first?.isPinned == false)
        #expect(presenter.viewState.sum?.amount == "$389.09")
        #expect(host.activity.inFlight == 1)
        await store.writerEntered.wait()
        // Still here while the write is held on another thread: the main actor is free (this test runs on it).
        presenter.send(.moveSelection(by: 1))
        #expect(presenter.viewState.selectedRow == 1)
        store.release.open()
        await host.settle()
        #expect(store.data(forKey: "unpinned-ids") == Data("[1]".utf8))
        #expect(presenter.viewState.pinsWarning == nil)
    }

    @Test func aSaveThatFailsSaysSoAndShowsThePinsKept() async throws {
        let host = try TestHost()
        let presenter = try await presenter(host, pins: LivePinStorage(host.store))
        presenter.send(.togglePin)
        await host.settle()
        let reason = "Cannot create /data/preferences.plist.saving: Read-only file system."
        host.store.refuseWrites(reason)
        presenter.send(.moveSelection(by: 1))
        presenter.send(.togglePin)  // unpin Jeans: shown at once, then taken back
        #expect(presenter.viewState.rows[1].isPinned == false)
        await host.settle()
        #expect(
            Screen(presenter.viewState)
                == loadedScreen(
                    unpinned: [1], selectedRow: 1, sum: "$389.09",
                    insights: [
                        ("$74.28", "19.1%", 191), ("$21.53", "5.5%", 55), ("$0.00", "0.0%", 0), ("$78.00", "20.1%", 201),
                        ("$215.28", "55.3%", 553),
                    ], total: "$389.09",
                    pinsWarning: "Unpinning \"Jeans\" was not saved: \(reason) The pins shown are the saved ones."))
        #expect(try host.store.value([Int].self, forKey: "unpinned-ids") == [1])

        // Pinning a row again that failed to save is a change like any other; once saves work, the warning goes.
        host.store.refuseWrites(nil)
        presenter.send(.togglePin)
        await host.settle()
        #expect(presenter.viewState.pinsWarning == nil)
        #expect(try host.store.value([Int].self, forKey: "unpinned-ids") == [1, 2])
    }

    @Test func severalChangesLostInOneSaveAreCounted() async throws {
        let host = try TestHost()
        let pins = InMemoryPinStorage()
        let presenter = try await presenter(host, pins: pins)
        pins.refuseSaves("The disk is full.")
        // The first change goes alone; the next two wait for it and go together.
        presenter.send(.togglePin)
        presenter.send(.moveSelection(by: 1))
        presenter.send(.togglePin)
        presenter.send(.moveSelection(by: 1))
        presenter.send(.togglePin)
        await host.settle()
        #expect(presenter.viewState.rows.allSatisfy { $0.isPinned })
        #expect(presenter.viewState.pinsWarning == "2 pin changes were not saved: The disk is full. The pins shown are the saved ones.")
        #expect(pins.saved == [])
    }

    /// Two sessions over one data directory (two browser tabs, two shells): each save starts from what is saved,
    /// so neither loses the other's pins, and each shows what is kept after its own save.
    @Test func twoSessionsOverOneStoreKeepEachOthersPins() async throws {
        let host = try TestHost()
        let first = try await presenter(host, pins: LivePinStorage(host.store))
        let second = try await presenter(host, pins: LivePinStorage(host.store))
        first.send(.togglePin)  // 1
        await host.settle()
        second.send(.moveSelection(by: 1))
        second.send(.togglePin)  // 2
        await host.settle()
        #expect(try host.store.value([Int].self, forKey: "unpinned-ids") == [1, 2])
        #expect(second.viewState.rows[0].isPinned == false, "the first's pin shows after the second's save")
        second.send(.togglePin)  // 2 pinned again
        await host.settle()
        #expect(try host.store.value([Int].self, forKey: "unpinned-ids") == [1])
        #expect(second.viewState.sum?.amount == "$389.09")
    }

    @Test func pinningEverythingAgainRemovesTheSavedValue() async throws {
        let host = try TestHost()
        let presenter = try await presenter(host, pins: LivePinStorage(host.store))
        presenter.send(.togglePin)
        presenter.send(.togglePin)
        await host.settle()
        #expect(host.store.keys == [])
    }

    @Test func unreadableSavedPinsAreReplacedByTheNextChange() async throws {
        let host = try TestHost()
        try host.store.set(Data(#""not a list""#.utf8), forKey: "unpinned-ids")
        let presenter = try await presenter(host, pins: LivePinStorage(host.store))
        #expect(presenter.viewState.rows.allSatisfy { $0.isPinned })
        #expect(
            presenter.viewState.pinsWarning?.hasPrefix(
                #"The saved pins could not be read (The stored value for "unpinned-ids" cannot be read as Array<Int>"#) == true)
        presenter.send(.togglePin)
        await host.settle()
        #expect(try await LivePinStorage(host.store).unpinnedIDs() == [1])
        presenter.send(.reload)
        await host.settle()
        #expect(presenter.viewState.pinsWarning == nil)
    }
}

/// A key-value store whose writes wait for the test: a save held in the middle of its write.
private final class SlowKeyValueStore: KeyValueStore, @unchecked Sendable {
    let writerEntered = AsyncGate()
    let release = BlockingGate()
    private let values = InMemoryKeyValueStore()

    func data(forKey key: String) -> Data? { values.data(forKey: key) }

    func set(_ data: Data?, forKey key: String) throws {
        writerEntered.open()
        release.wait()
        try values.set(data, forKey: key)
    }
}
