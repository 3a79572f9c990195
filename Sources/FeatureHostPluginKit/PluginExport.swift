import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import Foundation
import TerminalUI

/// Exports a `TerminalFeature` through the plugin ABI's C table. A plugin library needs only:
///
/// ```swift
/// import FeatureHostPluginKit
///
/// @_cdecl("featurehost_plugin_entry_v1")
/// public func featurehostPluginEntry() -> UnsafeRawPointer {
///     PluginExport.table(for: GreetingFeature.self)
/// }
/// ```
///
/// One feature per library. The library links its own copy of the core and TerminalUI; nothing but bytes
/// and C types crosses to the host.
public enum PluginExport {
    /// The table for `feature`, made on the first call and kept for the life of the process.
    public static func table<F: TerminalFeature>(for feature: F.Type) -> UnsafeRawPointer {
        exported.set(manifest: F.manifest) { context in try F(context: context) }
    }
}

/// The exported feature. C function pointers cannot capture the generic type, so the table's functions
/// find it here.
final class ExportedFeature: @unchecked Sendable {
    private let lock = NSLock()
    private var manifestValue: FeatureManifest?
    private var maker: (@MainActor (FeatureContext) throws -> any TerminalFeature)?
    private var table: UnsafeMutablePointer<featurehost_plugin>?

    func set(manifest: FeatureManifest, make: @escaping @MainActor (FeatureContext) throws -> any TerminalFeature) -> UnsafeRawPointer {
        lock.lock()
        defer { lock.unlock() }
        manifestValue = manifest
        maker = make
        if let table { return UnsafeRawPointer(table) }
        let made = UnsafeMutablePointer<featurehost_plugin>.allocate(capacity: 1)
        made.initialize(to: CTable.make())
        table = made
        return UnsafeRawPointer(made)
    }

    var manifest: FeatureManifest? { lock.withLock { manifestValue } }
    var make: (@MainActor (FeatureContext) throws -> any TerminalFeature)? { lock.withLock { maker } }
}

let exported = ExportedFeature()
