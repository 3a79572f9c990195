import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import Foundation
import TerminalUI
import WebUI

/// Exports a feature through the plugin ABI's C table. A plugin library needs only:
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
/// and C types crosses to the host. The feature shows on the surfaces it conforms to in the library: a
/// `TerminalFeature` in the shell, a `WebFeature` (with `webTable(for:)` exported too) on the web page. A web-only
/// feature need not be a `TerminalFeature`: the shell then says it has no screen there, as the web says of a
/// terminal-only one.
public enum PluginExport {
    /// The table for `feature`, made on the first call and kept for the life of the process.
    public static func table<F: Feature>(for feature: F.Type) -> UnsafeRawPointer {
        exported.set(manifest: F.manifest, hasTerminalScene: F.self is any TerminalFeature.Type) { context in try F(context: context) }
    }

    /// The optional web table for a feature that is also a `WebFeature`; export it as the second symbol:
    ///
    /// ```swift
    /// @_cdecl("featurehost_plugin_web_entry_v1")
    /// public func featurehostPluginWebEntry() -> UnsafeRawPointer {
    ///     PluginExport.webTable(for: GreetingFeature.self)
    /// }
    /// ```
    ///
    /// Its files (`webAssets`) come from the library's resource bundle beside it
    /// (`WebAsset(resource:inBundleNamed:)`), or are built into it (`WebAsset(name:contentType:text:)`); never from
    /// `Bundle.module`, which looks beside the process the plugin runs in and traps when it finds nothing.
    public static func webTable<F: WebFeature>(for feature: F.Type) -> UnsafeRawPointer {
        _ = table(for: F.self)
        return exported.setWeb(assets: F.webAssets)
    }

    /// The optional reformat table: when the user's locale, hour cycle or time zone changes, the host calls the
    /// feature's `reformat(for:)` (in its process) instead of making it again. Export it as a third symbol:
    ///
    /// ```swift
    /// @_cdecl("featurehost_plugin_reformat_entry_v1")
    /// public func featurehostPluginReformatEntry() -> UnsafeRawPointer {
    ///     PluginExport.reformatTable(for: GreetingFeature.self)
    /// }
    /// ```
    ///
    /// A library without it keeps working: its feature is made again on such an edit, what it kept in memory lost.
    public static func reformatTable<F: Feature>(for feature: F.Type) -> UnsafeRawPointer {
        _ = table(for: F.self)
        return exported.reformatTable
    }
}

/// The exported feature. C function pointers cannot capture the generic type, so the table's functions
/// find it here.
final class ExportedFeature: @unchecked Sendable {
    // @unchecked: C tables allocated once and kept for the process; every field is only touched while `lock` is held.
    private let lock = NSLock()
    private var manifestValue: FeatureManifest?
    private var terminalScene = true
    private var maker: (@MainActor (FeatureContext) throws -> any Feature)?
    private var table: UnsafeMutablePointer<featurehost_plugin>?
    private var webAssetsValue: WebAssets?
    private var webTable: UnsafeMutablePointer<featurehost_plugin_web>?

    func set(
        manifest: FeatureManifest, hasTerminalScene: Bool, make: @escaping @MainActor (FeatureContext) throws -> any Feature
    ) -> UnsafeRawPointer {
        lock.lock()
        defer { lock.unlock() }
        manifestValue = manifest
        terminalScene = hasTerminalScene
        maker = make
        if let table { return UnsafeRawPointer(table) }
        let made = UnsafeMutablePointer<featurehost_plugin>.allocate(capacity: 1)
        made.initialize(to: CTable.make())
        table = made
        return UnsafeRawPointer(made)
    }

    func setWeb(assets: WebAssets) -> UnsafeRawPointer {
        lock.lock()
        defer { lock.unlock() }
        webAssetsValue = assets
        if let webTable { return UnsafeRawPointer(webTable) }
        let made = UnsafeMutablePointer<featurehost_plugin_web>.allocate(capacity: 1)
        made.initialize(to: CWebTable.make())
        webTable = made
        return UnsafeRawPointer(made)
    }

    /// Made once; its one function calls the instance's feature.
    let reformatTable: UnsafeRawPointer = {
        let made = UnsafeMutablePointer<featurehost_plugin_reformat>.allocate(capacity: 1)
        made.initialize(to: CReformatTable.make())
        return UnsafeRawPointer(made)
    }()

    var webAssets: WebAssets? { lock.withLock { webAssetsValue } }
    var manifest: FeatureManifest? { lock.withLock { manifestValue } }
    var hasTerminalScene: Bool { lock.withLock { terminalScene } }
    var make: (@MainActor (FeatureContext) throws -> any Feature)? { lock.withLock { maker } }
}

let exported = ExportedFeature()
