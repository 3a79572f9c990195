import FeatureHostCore
import Foundation

/// Keeps the pins in the feature's key-value store, so they survive a restart: key `unpinned-ids`, a sorted
/// JSON array, removed when everything is pinned. Each call runs off the caller's actor (`@concurrent`): the
/// store reads, locks and replaces a file.
public struct LivePinClient: PinClient {
    static let key = "unpinned-ids"

    private let store: any KeyValueStore

    public init(_ store: any KeyValueStore) { self.store = store }

    @concurrent public func unpinnedIDs() async throws -> Set<Int> { try read() }

    /// Applies `changes` to the ids saved now, in one step of the store: two sessions saving at once (two tabs)
    /// each keep the other's pins.
    @concurrent public func save(_ changes: [Int: Bool]) async throws -> Set<Int> {
        var ids: Set<Int> = []
        _ = try store.update(forKey: Self.key) { data in
            // Saved ids that cannot be read are replaced (the presenter has said so): the change starts from none.
            let saved = data.flatMap { try? JSONDecoder().decode([Int].self, from: $0) } ?? []
            ids = Set(saved).applying(pinChanges: changes)
            return ids.isEmpty ? nil : try JSONEncoder().encode(ids.sorted())
        }
        return ids
    }

    public func observeChanges<Owner: AnyObject & Sendable>(
        _ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner) -> Void
    ) {
        store.observeChanges(owner) { owner, keys in
            if keys.contains(Self.key) { onChange(owner) }
        }
    }

    private func read() throws -> Set<Int> {
        guard let ids = try store.value([Int].self, forKey: Self.key) else {
            // Absent because the file could not be read is not "everything pinned": say so rather than reset silently.
            if let notice = store.damageNotice { throw FeatureError(notice) }
            return []
        }
        return Set(ids)
    }
}
