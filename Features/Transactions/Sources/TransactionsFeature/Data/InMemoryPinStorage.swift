import FeatureHostCore
import Foundation

/// Pins kept for as long as the value lives: for tests, benchmarks and previews.
public final class InMemoryPinStorage: PinStorage, @unchecked Sendable {
    // The lock guards `ids` and `refusal`: a client may be called from any thread.
    private let lock = NSLock()
    private var ids: Set<Int>
    private var refusal: String?

    public init(unpinnedIDs: Set<Int> = []) { ids = unpinnedIDs }

    /// What was saved last.
    public var saved: Set<Int> { lock.withLock { ids } }

    /// Makes every save fail with `reason` from now on (nil: saves work again), as a read-only or full disk does.
    public func refuseSaves(_ reason: String?) { lock.withLock { refusal = reason } }

    public func unpinnedIDs() async throws -> Set<Int> { saved }

    public func save(_ changes: [Int: Bool]) async throws -> Set<Int> {
        try lock.withLock {
            if let refusal { throw FeatureError(refusal) }
            ids = ids.applying(pinChanges: changes)
            return ids
        }
    }
}
