import Foundation

/// Pins kept for as long as the value lives: for tests, benchmarks and previews.
public final class InMemoryPinStorage: PinStorage, @unchecked Sendable {
    // The lock guards `ids`: a client may be called from any thread.
    private let lock = NSLock()
    private var ids: Set<Int>

    public init(unpinnedIDs: Set<Int> = []) { ids = unpinnedIDs }

    /// What was saved last.
    public var saved: Set<Int> { lock.withLock { ids } }

    public func unpinnedIDs() throws -> Set<Int> { saved }

    public func save(unpinnedIDs: Set<Int>) { lock.withLock { ids = unpinnedIDs } }
}
