import FeatureHostCore

/// Keeps the pins in the feature's key-value store, so they survive a restart.
///
/// Every transaction starts pinned, so only the ids of unpinned ones are saved (key `unpinned-ids`, a sorted
/// JSON array): a transaction that appears later is pinned, and ids absent from the current data are kept, so
/// switching sources does not forget them.
public struct PinStorage: Sendable {
    public static let key = "unpinned-ids"

    private let store: any KeyValueStore

    public init(_ store: any KeyValueStore) { self.store = store }

    /// The saved unpinned ids; throws a `FeatureError` naming the key when the saved value is unreadable.
    public func unpinnedIDs() throws -> Set<Int> {
        Set(try store.value([Int].self, forKey: Self.key) ?? [])
    }

    public func save(unpinnedIDs: Set<Int>) {
        // Encoding an array of integers cannot fail; `try?` keeps a store that refuses writes from stopping the UI.
        try? store.setValue(unpinnedIDs.isEmpty ? nil : unpinnedIDs.sorted(), forKey: Self.key)
    }
}
