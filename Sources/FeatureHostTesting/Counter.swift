import Foundation

/// A count any thread may step, e.g. a test source's loads, so its first load can fail and a retry succeed.
public final class Counter: @unchecked Sendable {
    // `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    public init() {}

    /// Steps the count and returns it: 1 on the first call.
    @discardableResult
    public func next() -> Int { lock.withLock { count += 1; return count } }

    /// The calls to `next()` so far.
    public var value: Int { lock.withLock { count } }
}
