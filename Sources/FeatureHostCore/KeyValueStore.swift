import Foundation

/// Small persistent state (a flag, a few ids). Implementations: `PlistFileStore` and `InMemoryKeyValueStore`
/// in DataSources. Values are property-list data, so any `Codable` value round-trips through `data(forKey:)`.
///
/// Both calls may block on a file: features reach a store through a client of their own whose writes run in
/// an effect, off the main actor (transactions' `PinClient`, invitations' `RegistrationClient`).
public protocol KeyValueStore: Sendable {
    func data(forKey key: String) -> Data?
    /// Saves (or, with nil, removes) the value. Throws a `FeatureError` naming the file and the reason when it
    /// was not kept (a read-only or full volume, a folder that cannot be made); the saved value is then unchanged.
    func set(_ data: Data?, forKey key: String) throws
    /// Replaces the value with what `transform` makes of the one stored now, with no other save of the key between
    /// the read and the write (two sessions, two instances over one file, another process): a read-modify-write
    /// that loses nobody's change. Returns the value kept. Throws as `set` does, or what `transform` threw; the
    /// saved value is then unchanged.
    func update(forKey key: String, _ transform: (Data?) throws -> Data?) throws -> Data?
    /// Set when the store's file could not be read (so every value reads as absent) or was moved aside: for the
    /// feature to show, so a reset is never silent. Stores in memory never have one (and say so: no default).
    var damageNotice: String? { get }
    /// Calls `onChange` on the main actor, for as long as `owner` lives, with this store's keys whose values were
    /// changed by another holder of the same storage: another store of the same file in this process as soon as
    /// it saved, another process (`featurehost store set`, a second host) once the host looks for such changes
    /// (`KeyValueChangeFeed.lookForOutsideChanges`). A store that cannot tell its own saves from others' (one in
    /// memory, shared by every holder) reports them all. Stores nobody else writes report nothing.
    func observeChanges<Owner: AnyObject & Sendable>(
        _ owner: Owner, _ onChange: @escaping @MainActor @Sendable (Owner, Set<String>) -> Void)
}

extension KeyValueStore {
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
            try set(nil, forKey: key)
            return
        }
        try set(try JSONEncoder().encode(value), forKey: key)
    }
}
