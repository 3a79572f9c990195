import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import TransactionsFeature

/// Pins are saved through the `PinClient` client in effects, off the main actor; a save that fails says so and
/// the pins shown are the ones kept. Each presenter runs in a `PresenterTestStore`: every pin shown at once, and
/// every change a save's outcome makes, is asserted.
@MainActor
@Suite struct PinSavingTests {
    static let formatting = TransactionFormatting(
        locale: Locale(identifier: "en_US"), currencyCode: "USD", timeZone: .gmt, hourCycle: .twelveHour)

    /// The starter data over `pins`, in a store: its load is sent, not yet received.
    private func store(_ host: TestHost, pins: any PinClient, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> PresenterTestStore<TransactionsPresenter>
    {
        let presenter = TransactionsPresenter(
            source: AnyDataSource(InMemorySource(try starterTransactions())), pins: pins, formatting: Self.formatting,
            effects: host.makeEffects())
        let store = PresenterTestStore(presenter, host: host, sourceLocation: sourceLocation)
        store.send(.lifecycle(.appear), starts: ["load"])
        return store
    }

    /// `pinnedState` in this suite's formatting.
    private func state(_ unpinned: Set<Int>, selectedRow: Int = 0, pinsWarning: String? = nil) -> ViewState {
        pinnedState(unpinned, selectedRow: selectedRow, pinsWarning: pinsWarning, formatting: Self.formatting)
    }

    @Test func everyPinChangeIsSavedThroughTheClient() async throws {
        let host = try TestHost()
        let pins = InMemoryPinClient(unpinnedIDs: [99])
        let store = try store(host, pins: pins)
        await store.receive { $0 = state([]) }
        store.send(.togglePin, starts: ["save-pins"]) { $0 = state([1]) }
        // The save is heard back (the store's observers) and the pins are read again.
        await store.settle(starts: ["read-pins", "read-pins"])
        #expect(pins.saved == [1, 99])
        store.send(.moveSelection(by: 12)) { $0.selectedRow = 12 }
        store.send(.togglePin, starts: ["save-pins"]) { $0 = state([1, 13], selectedRow: 12) }
        store.send(.moveSelection(by: -12)) { $0.selectedRow = 0 }
        store.send(.togglePin) { $0 = state([13]) }
        // The first save, heard back and read again; then the two changes made meanwhile, saved together.
        await store.settle(starts: ["read-pins", "save-pins", "read-pins", "read-pins", "read-pins"])
        await store.finish()
        #expect(pins.saved == [13, 99])
    }

    /// The save may take long (a lock, a write, two fsyncs): the presenter's `send` must not wait for it. The
    /// pin shows at once, keys go on being handled while the save is held, and the save counts as in flight
    /// until its result is applied.
    @Test func aSaveRunsOffTheMainActor() async throws {
        let host = try TestHost()
        let pins = HeldPinClient()
        let store = try store(host, pins: pins)
        await store.receive { $0 = state([]) }
        store.send(.togglePin, starts: ["save-pins"]) { $0 = state([1]) }
        #expect(store.state.sum?.amount == "$389.09")
        #expect(host.activity.inFlight == 1)
        await pins.entered.wait()
        // The save is under way and held: this test runs on the main actor, which is free.
        store.send(.moveSelection(by: 1)) { $0.selectedRow = 1 }
        store.send(.togglePin) { $0 = state([1, 2], selectedRow: 1) }  // waits for the save under way
        #expect(store.state.sum?.amount == "$334.49")
        pins.release.open()
        await store.settle(starts: ["read-pins", "save-pins", "read-pins", "read-pins", "read-pins"])
        await store.finish()
        #expect(pins.log == [[1: false], [2: false]])
    }

    @Test func aSaveThatFailsSaysSoAndShowsThePinsKept() async throws {
        let host = try TestHost()
        let store = try store(host, pins: LivePinClient(host.store))
        await store.receive { $0 = state([]) }
        store.send(.togglePin, starts: ["save-pins"]) { $0 = state([1]) }
        // The save is heard back (the store's observers) and the pins are read again.
        await store.settle(starts: ["read-pins", "read-pins"])
        let reason = "Cannot create /data/preferences.plist.saving: Read-only file system."
        host.store.refuseWrites(reason)
        store.send(.moveSelection(by: 1)) { $0.selectedRow = 1 }
        store.send(.togglePin, starts: ["save-pins"]) { $0 = state([1, 2], selectedRow: 1) }  // unpin Jeans: shown at once, then taken back
        let notSaved = "Unpinning \"Jeans\" was not saved: \(reason) The pins shown are the saved ones."
        await store.receive { $0 = state([1], selectedRow: 1, pinsWarning: notSaved) }
        #expect(
            Screen(store.state)
                == loadedScreen(
                    unpinned: [1], selectedRow: 1, sum: "$389.09",
                    insights: [
                        ("$74.28", "19.1%", 191), ("$21.53", "5.5%", 55), ("$0.00", "0.0%", 0), ("$78.00", "20.1%", 201),
                        ("$215.28", "55.3%", 553),
                    ], total: "$389.09", pinsWarning: notSaved))
        #expect(try host.store.value([Int].self, forKey: "unpinned-ids") == [1])

        // Unpinning a row again that failed to save is a change like any other; once saves work, the warning goes.
        host.store.refuseWrites(nil)
        store.send(.togglePin, starts: ["save-pins"]) { $0 = state([1, 2], selectedRow: 1, pinsWarning: notSaved) }
        await store.receive(starts: ["read-pins", "read-pins"]) { $0.pinsWarning = nil }
        #expect(try host.store.value([Int].self, forKey: "unpinned-ids") == [1, 2])
        await store.finish()
    }

    @Test func severalChangesLostInOneSaveAreCounted() async throws {
        let host = try TestHost()
        let pins = InMemoryPinClient()
        let store = try store(host, pins: pins)
        await store.receive { $0 = state([]) }
        pins.refuseSaves("The disk is full.")
        // The first change goes alone; the next two wait for it and go together.
        store.send(.togglePin, starts: ["save-pins"]) { $0 = state([1]) }
        store.send(.moveSelection(by: 1)) { $0.selectedRow = 1 }
        store.send(.togglePin) { $0 = state([1, 2], selectedRow: 1) }
        store.send(.moveSelection(by: 1)) { $0.selectedRow = 2 }
        store.send(.togglePin) { $0 = state([1, 2, 3], selectedRow: 2) }
        await store.receive(starts: ["save-pins"]) {
            $0 = state(
                [2, 3], selectedRow: 2,
                pinsWarning: "Unpinning \"Movie Night\" was not saved: The disk is full. The pins shown are the saved ones.")
        }
        await store.receive {
            $0 = state(
                [], selectedRow: 2, pinsWarning: "2 pin changes were not saved: The disk is full. The pins shown are the saved ones.")
        }
        await store.finish()
        #expect(pins.saved == [])
    }

    /// Two sessions over one data directory (two browser tabs, two shells): each save starts from what is saved,
    /// so neither loses the other's pins, and each shows what is kept after its own save.
    @Test func twoSessionsOverOneStoreKeepEachOthersPins() async throws {
        let host = try TestHost()
        let first = try store(host, pins: LivePinClient(host.store))
        let second = try store(host, pins: LivePinClient(host.store))
        await first.receive { $0 = state([]) }
        await second.receive { $0 = state([]) }
        first.send(.togglePin, starts: ["save-pins"]) { $0 = state([1]) }
        // The other session hears of the save and reads the pins again: the first's pin shows there too.
        await second.receive(starts: ["read-pins", "read-pins", "read-pins"]) { $0 = state([1]) }
        second.send(.moveSelection(by: 1)) { $0.selectedRow = 1 }
        second.send(.togglePin, starts: ["save-pins"]) { $0 = state([1, 2], selectedRow: 1) }
        await first.receive(starts: ["read-pins", "read-pins", "read-pins"]) { $0 = state([1, 2]) }
        #expect(try host.store.value([Int].self, forKey: "unpinned-ids") == [1, 2])
        second.send(.togglePin, starts: ["save-pins"]) { $0 = state([1], selectedRow: 1) }  // 2 pinned again
        await first.receive(starts: ["read-pins", "read-pins", "read-pins"]) { $0 = state([1]) }
        #expect(try host.store.value([Int].self, forKey: "unpinned-ids") == [1])
        #expect(second.state.sum?.amount == "$389.09")
        await first.finish()
        await second.finish()
    }

    /// Two tabs' saves at the same moment, each through its own store of the data directory's file: both kept.
    @Test func savesOfTwoSessionsAtOnceKeepBoth() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("preferences")
        let first = LivePinClient(try PlistFileStore(suiteFile: file, prefix: "transactions."))
        let second = LivePinClient(try PlistFileStore(suiteFile: file, prefix: "transactions."))
        async let one = first.save([1: false])
        async let two = second.save([2: false])
        let kept = try await [one, two]
        #expect(kept.contains([1, 2]), "the later save read the earlier: \(kept)")
        #expect(try await first.unpinnedIDs() == [1, 2])
    }

    @Test func pinningEverythingAgainRemovesTheSavedValue() async throws {
        let host = try TestHost()
        let store = try store(host, pins: LivePinClient(host.store))
        await store.receive { $0 = state([]) }
        store.send(.togglePin, starts: ["save-pins"]) { $0 = state([1]) }
        store.send(.togglePin) { $0 = state([]) }
        await store.settle(starts: ["read-pins", "save-pins", "read-pins", "read-pins", "read-pins"])
        await store.finish()
        #expect(host.store.keys == [])
    }

    @Test func unreadableSavedPinsAreReplacedByTheNextChange() async throws {
        let host = try TestHost()
        try host.store.set(Data(#""not a list""#.utf8), forKey: "unpinned-ids")
        let store = try store(host, pins: LivePinClient(host.store))
        let warning = unreadablePinsWarning
        await store.receive { $0 = state([], pinsWarning: warning) }
        store.send(.togglePin, starts: ["save-pins"]) { $0 = state([1], pinsWarning: warning) }
        // The save is reported (a store in memory cannot tell whose it was) and the pins read again: readable now.
        await store.receive(starts: ["read-pins", "read-pins"]) { $0.pinsWarning = nil }
        #expect(try await LivePinClient(host.store).unpinnedIDs() == [1])
        store.send(.reload, starts: ["load"])  // the list stays while it runs
        await store.finish()
    }
}

/// Pins whose saves wait for the test (awaited, never blocking a thread), logging the changes each carried.
private final class HeldPinClient: PinClient, @unchecked Sendable {
    let entered = AsyncGate()
    let release = AsyncGate()
    private let kept = InMemoryPinClient()
    private let lock = NSLock()
    private var changes: [[Int: Bool]] = []

    var log: [[Int: Bool]] { lock.withLock { changes } }

    func unpinnedIDs() async throws -> Set<Int> { try await kept.unpinnedIDs() }

    /// What the pins it keeps hear: a save of another holder of the same pins.
    func observeChanges<Owner: AnyObject & Sendable>(_ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner) -> Void) {
        kept.observeChanges(owner, onChange)
    }

    @concurrent func save(_ changes: [Int: Bool]) async throws -> Set<Int> {
        entered.open()
        await release.wait()
        lock.withLock { self.changes.append(changes) }
        return try await kept.save(changes)
    }
}
