import Foundation

/// Counts work in flight (requests, loads), so headless runs and tests can wait until the host is idle
/// before reading a frame.
public final class ActivityTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    public init() {}

    public var inFlight: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    public func begin() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    public func end() {
        lock.lock()
        count -= 1
        lock.unlock()
    }

    /// Runs `work` counted as in flight.
    public func track<T>(_ work: () async throws -> T) async rethrows -> T {
        begin()
        defer { end() }
        return try await work()
    }
}
