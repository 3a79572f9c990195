import CFeatureHostPluginABI
import FeatureHostCore
import Foundation

/// The plugin libraries the host has stopped, and why. A plugin that crashed, hung or sent more than the host
/// accepts is never called again for the rest of the run, in any of its instances (the shell's and each web
/// page's): after a crash its state cannot be trusted, and after a hang its next call would hang too.
/// Libraries are told apart by their table's address, which lives as long as the process (handles are never
/// closed).
@MainActor
final class PluginStops {
    static let shared = PluginStops()

    private var libraries: [UInt: PluginHealth] = [:]

    /// The one health record of the library whose table this is; an instance keeps it.
    func health(of table: UnsafePointer<featurehost_plugin>) -> PluginHealth {
        let key = UInt(bitPattern: table)
        if let health = libraries[key] { return health }
        let health = PluginHealth()
        libraries[key] = health
        return health
    }
}

/// Whether one plugin library may still be called. Every stop happens on the main actor, where it is read
/// before every call at the cost of a property read; the activity probe, which may run on any thread, reads
/// a copy behind a lock.
@MainActor
final class PluginHealth {
    /// Why the library is stopped, or nil while it may be called.
    private(set) var stopReason: String?
    nonisolated let isStoppedForOtherThreads = StoppedMark()

    /// Stops the library; the first reason is kept (the others are its consequences).
    func stop(_ reason: String) {
        guard stopReason == nil else { return }
        stopReason = reason
        isStoppedForOtherThreads.set()
    }
}

/// A flag any thread may read, set once on the main actor.
final class StoppedMark: Sendable {
    private let stopped = Locked(false)

    var isSet: Bool { stopped.withLock { $0 } }
    func set() { stopped.withLock { $0 = true } }
}
