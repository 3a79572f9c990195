import CFeatureHostPluginABI
import Foundation

/// The plugin libraries the host has stopped, and why. A plugin that crashed, hung or sent more than the host
/// accepts is never called again for the rest of the run, in any of its instances (the shell's and each web
/// page's): after a crash its state cannot be trusted, and after a hang its next call would hang too.
/// Libraries are told apart by their table's address, which lives as long as the process (handles are never
/// closed).
final class PluginStops: @unchecked Sendable {
    static let shared = PluginStops()

    // @unchecked: `libraries` is only touched while `lock` is held.
    private let lock = NSLock()
    private var libraries: [UInt: PluginHealth] = [:]

    /// The one health record of the library whose table this is; an instance keeps it, so its checks before
    /// every call cost one uncontended lock and no lookup.
    func health(of table: UnsafePointer<featurehost_plugin>) -> PluginHealth {
        lock.withLock {
            let key = UInt(bitPattern: table)
            if let health = libraries[key] { return health }
            let health = PluginHealth()
            libraries[key] = health
            return health
        }
    }
}

/// Whether one plugin library may still be called. Read on the main actor before every call and by the
/// activity probe on any thread, hence the lock.
final class PluginHealth: @unchecked Sendable {
    // @unchecked: `reason` is only touched while `lock` is held.
    private let lock = NSLock()
    private var reason: String?

    /// Why the library is stopped, or nil while it may be called.
    var stopReason: String? { lock.withLock { reason } }

    /// Stops the library; the first reason is kept (the others are its consequences).
    func stop(_ reason: String) {
        lock.withLock { if self.reason == nil { self.reason = reason } }
    }
}
