import FeatureHostCore
import Foundation

/// Small persistent state in `UserDefaults`, in a suite file the host chooses (under its data directory), with
/// keys prefixed by the owning feature's id.
///
/// Every write is followed by `synchronize()`: on Linux, Foundation keeps values in memory and loses them at
/// exit otherwise.
public final class UserDefaultsStore: KeyValueStore, @unchecked Sendable {
    // UserDefaults is thread-safe but not marked Sendable on Linux; the lock keeps write + synchronize together.
    private let defaults: UserDefaults
    private let prefix: String
    private let lock = NSLock()

    /// - Parameter suiteFile: an absolute path without extension; Foundation writes `<suiteFile>.plist`.
    public init(suiteFile: URL, prefix: String) throws {
        try FileManager.default.createDirectory(at: suiteFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard let defaults = UserDefaults(suiteName: suiteFile.path) else {
            throw FeatureError("Cannot open the settings store at \(suiteFile.path).plist.")
        }
        self.defaults = defaults
        self.prefix = prefix
    }

    public func data(forKey key: String) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        return defaults.data(forKey: prefix + key)
    }

    public func set(_ data: Data?, forKey key: String) {
        lock.lock()
        defer { lock.unlock() }
        defaults.set(data, forKey: prefix + key)
        defaults.synchronize()
    }
}
