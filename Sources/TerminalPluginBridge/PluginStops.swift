import CFeatureHostPluginABI
import Foundation

/// The plugin libraries the host has stopped, and why. A plugin that crashed, hung or sent more than the host
/// accepts is never called again for the rest of the run, in any of its instances (the shell's and each web
/// page's): after a crash its state cannot be trusted, and after a hang its next call would hang too.
/// Libraries are told apart by their table's address, which lives as long as the process (handles are never
/// closed). Read from the main actor and from the activity probe's thread, hence the lock.
final class PluginStops: @unchecked Sendable {
    static let shared = PluginStops()

    // @unchecked: `reasons` is only touched while `lock` is held.
    private let lock = NSLock()
    private var reasons: [UInt: String] = [:]

    /// Why the library is stopped, or nil while it may be called.
    func reason(for table: UnsafePointer<featurehost_plugin>) -> String? {
        lock.withLock { reasons[UInt(bitPattern: table)] }
    }

    /// Stops the library; the first reason is kept (the others are its consequences).
    func stop(_ table: UnsafePointer<featurehost_plugin>, reason: String) {
        lock.withLock {
            let key = UInt(bitPattern: table)
            if reasons[key] == nil { reasons[key] = reason }
        }
    }
}
