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

    /// The save may take long (a lock, a write, two fsyncs): the presenter's `send` must not wait for it. The
    /// pin shows at once, keys go on being handled while the save is held, and the save counts as in flight
    /// until its result is applied.
    @Test func aSaveRunsOffTheMainActor() async throws {
        let host = try TestHost()
        let pins = HeldPinStorage()
        let presenter = try await presenter(host, pins: pins)
        presenter.send(.togglePin)
        #expect(presenter.viewState.rows.first?.isPinned == false)
        #expect(presenter.viewState.sum?.amount == "$389.09")
        #expect(host.activity.inFlight == 1)
        await pins.entered.wait()
        // The save is under way and held: this test runs on the main actor, which is free.
        presenter.send(.moveSelection(by: 1))
        presenter.send(.togglePin)  // waits for the save under way
        #expect(presenter.viewState.selectedRow == 1)
        #expect(presenter.viewState.sum?.amount == "$334.49")
        pins.release.open()
        await host.settle()
        #expect(pins.log == [[1: false], [2: false]])
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

/// Pins whose saves wait for the test (awaited, never blocking a thread), logging the changes each carried.
private final class HeldPinStorage: PinStorage, @unchecked Sendable {
    let entered = AsyncGate()
    let release = AsyncGate()
    private let kept = InMemoryPinStorage()
    private let lock = NSLock()
    private var changes: [[Int: Bool]] = []

    var log: [[Int: Bool]] { lock.withLock { changes } }

    func unpinnedIDs() async throws -> Set<Int> { try await kept.unpinnedIDs() }

    @concurrent func save(_ changes: [Int: Bool]) async throws -> Set<Int> {
        entered.open()
        await release.wait()
        lock.withLock { self.changes.append(changes) }
        return try await kept.save(changes)
    }
}
