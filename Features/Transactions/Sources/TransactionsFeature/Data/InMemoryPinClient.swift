import FeatureHostCore
import Foundation

/// Pins kept for as long as the value lives: for tests, benchmarks and previews.
public final class InMemoryPinClient: PinClient {
    /// The unpinned ids saved, and why saves fail (nil: they work): a client may be called from any thread.
    private let state: Locked<(ids: Set<Int>, refusal: String?)>
    private let changes: ChangeBroadcast<Void>

    /// - Parameter activity: where a save's news, still to reach the observers, counts as in flight.
    public init(unpinnedIDs: Set<Int> = [], activity: ActivityTracker? = nil) {
        state = Locked((unpinnedIDs, nil))
        changes = ChangeBroadcast(countingOn: activity)
    }

    /// What was saved last.
    public var saved: Set<Int> { state.withLock { $0.ids } }

    /// Makes every save fail with `reason` from now on (nil: saves work again), as a read-only or full disk does.
    public func refuseSaves(_ reason: String?) { state.withLock { $0.refusal = reason } }

    public func unpinnedIDs() async throws -> Set<Int> { saved }

    public func save(_ changes: [Int: Bool]) async throws -> Set<Int> {
        let saved = try state.withLock { (state) throws(FeatureError) -> Set<Int> in
            if let refusal = state.refusal { throw FeatureError(refusal) }
            state.ids = state.ids.applying(pinChanges: changes)
            return state.ids
        }
        self.changes.post(())
        return saved
    }

    /// Every save is reported to every observer, the saver's own too.
    public func observeChanges<Owner: AnyObject & Sendable>(
        _ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner) -> Void
    ) {
        changes.observe(owner) { owner, _ in onChange(owner) }
    }
}
