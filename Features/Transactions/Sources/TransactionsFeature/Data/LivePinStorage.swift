import FeatureHostCore

/// Keeps the pins in the feature's key-value store, so they survive a restart: key `unpinned-ids`, a sorted
/// JSON array, removed when everything is pinned.
public struct LivePinStorage: PinStorage {
    static let key = "unpinned-ids"

    private let store: any KeyValueStore

    public init(_ store: any KeyValueStore) { self.store = store }

    public func unpinnedIDs() throws -> Set<Int> {
        guard let ids = try store.value([Int].self, forKey: Self.key) else {
            // Absent because the file could not be read is not "everything pinned": say so rather than reset silently.
            if let notice = store.damageNotice { throw FeatureError(notice) }
            return []
        }
        return Set(ids)
    }

    public func save(unpinnedIDs: Set<Int>) {
        // Encoding an array of integers cannot fail; `try?` keeps a store that refuses writes from stopping the UI.
        try? store.setValue(unpinnedIDs.isEmpty ? nil : unpinnedIDs.sorted(), forKey: Self.key)
    }
}
