import Foundation

/// A value behind a lock, reached only inside `withLock`: the one lock type for state that several threads touch
/// (docs/architecture.md, "Swift settings and locks"). A class that keeps its mutable state in a `Locked` is
/// `Sendable` without `@unchecked`.
///
/// The shape of `Synchronization.Mutex`, which needs macOS 15 and iOS 18 where the package declares macOS 14 and
/// iOS 17: `sending` lets it hold a value that is not `Sendable` (a weak reference, a continuation's list), since
/// whatever goes in or comes out is handed over, never shared. Not reentrant: `body` must not take the same lock.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only reached inside `withLock`, while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    public init(_ value: sending Value) { self.value = value }

    /// Runs `body` with the value while holding the lock; what it returns is handed out.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
