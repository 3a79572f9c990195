import FeatureHostCore
import Foundation

/// A count any thread may step, e.g. a test source's loads, so its first load can fail and a retry succeed.
public final class Counter: Sendable {
    private let count = Locked(0)

    public init() {}

    /// Steps the count and returns it: 1 on the first call.
    @discardableResult
    public func next() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }

    /// The calls to `next()` so far.
    public var value: Int { count.withLock { $0 } }
}
