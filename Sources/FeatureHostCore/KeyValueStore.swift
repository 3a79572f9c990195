import Foundation

/// Small persistent state (a flag, a few ids). Implementations: `PlistFileStore` and `InMemoryKeyValueStore`
/// in DataSources. Values are property-list data, so any `Codable` value round-trips through `data(forKey:)`.
public protocol KeyValueStore: Sendable {
    func data(forKey key: String) -> Data?
    func set(_ data: Data?, forKey key: String)
    /// Set when the store's file could not be read (so every value reads as absent) or was moved aside: for the
    /// feature to show, so a reset is never silent. Stores in memory never have one.
    var damageNotice: String? { get }
}

extension KeyValueStore {
    public var damageNotice: String? { nil }

    /// Decodes a stored value. `nil` when absent; throws a `FeatureError` naming the key when it cannot be read.
    public func value<T: Decodable>(_ type: T.Type, forKey key: String) throws -> T? {
        guard let data = data(forKey: key) else { return nil }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw FeatureError("The stored value for \"\(key)\" cannot be read as \(T.self): \(error.userFacingMessage)")
        }
    }

    public func setValue<T: Encodable>(_ value: T?, forKey key: String) throws {
        guard let value else {
            set(nil, forKey: key)
            return
        }
        set(try JSONEncoder().encode(value), forKey: key)
    }
}
