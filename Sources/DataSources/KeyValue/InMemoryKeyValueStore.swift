import FeatureHostCore
import Foundation

/// A key-value store for tests and previews, kept in memory: every holder of the same instance sees the same values.
public final class InMemoryKeyValueStore: KeyValueStore, Sendable {
    private struct State {
        var values: [String: Data]
        var refusal: String?
    }
    private let state: Locked<State>
    private let changes = ChangeBroadcast<Set<String>>()

    public init(_ values: [String: Data] = [:]) { state = Locked(State(values: values)) }

    /// Every save is reported to every observer (all holders share this instance, so it cannot tell whose it was).
    public func observeChanges<Owner: AnyObject & Sendable>(
        _ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner, Set<String>) -> Void
    ) {
        changes.observe(owner, onChange)
    }

    /// Counts each change still to be delivered on `activity` (a test host's tracker), so waiting for the host
    /// to be idle waits for the observers too.
    public func countDeliveries(on activity: ActivityTracker) { changes.countDeliveries(on: activity) }

    /// Memory is never damaged or moved aside.
    public var damageNotice: String? { nil }

    public func data(forKey key: String) -> Data? {
        state.withLock { $0.values[key] }
    }

    /// Throws `FeatureError(reason)` and keeps nothing while `refuseWrites(_:)` is in force, as a store on a
    /// read-only or full volume does.
    public func set(_ data: Data?, forKey key: String) throws {
        try state.withLock { state throws(FeatureError) in
            if let refusal = state.refusal { throw FeatureError(refusal) }
            guard state.values[key] != data else { return }
            state.values[key] = data
            changes.post([key])
        }
    }

    /// Under the store's lock, so no other save comes between the read and the write.
    public func update(forKey key: String, _ transform: (Data?) throws -> Data?) throws -> Data? {
        try state.withLock { state in
            if let refusal = state.refusal { throw FeatureError(refusal) }
            let new = try transform(state.values[key])
            guard state.values[key] != new else { return new }
            state.values[key] = new
            changes.post([key])
            return new
        }
    }

    /// Makes every save fail with `reason` from now on (nil: saves work again). For tests of failed saves.
    public func refuseWrites(_ reason: String?) {
        state.withLock { $0.refusal = reason }
    }

    public var keys: [String] {
        state.withLock { $0.values.keys.sorted() }
    }
}
