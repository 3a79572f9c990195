import FeatureHostCore
import Foundation

/// A key-value store for tests and previews, kept in memory: every holder of the same instance sees the same values.
public final class InMemoryKeyValueStore: KeyValueStore, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Data] = [:]
    private var refusal: String?

    public init(_ values: [String: Data] = [:]) { self.values = values }

    public func data(forKey key: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    /// Throws `FeatureError(reason)` and keeps nothing while `refuseWrites(_:)` is in force, as a store on a
    /// read-only or full volume does.
    public func set(_ data: Data?, forKey key: String) throws {
        lock.lock()
        defer { lock.unlock() }
        if let refusal { throw FeatureError(refusal) }
        values[key] = data
    }

    /// Under the store's lock, so no other save comes between the read and the write.
    public func update(forKey key: String, _ transform: (Data?) throws -> Data?) throws -> Data? {
        lock.lock()
        defer { lock.unlock() }
        if let refusal { throw FeatureError(refusal) }
        let new = try transform(values[key])
        values[key] = new
        return new
    }

    /// Makes every save fail with `reason` from now on (nil: saves work again). For tests of failed saves.
    public func refuseWrites(_ reason: String?) {
        lock.withLock { refusal = reason }
    }

    public var keys: [String] {
        lock.lock()
        defer { lock.unlock() }
        return values.keys.sorted()
    }
}
