import Foundation

/// A value behind a lock: the live terminal's state is touched by the main actor (drawing), the input
/// thread and the signal queue, so every access goes through `withLock`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
