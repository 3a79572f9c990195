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
    // @unchecked: the C tables (raw pointers) are allocated once and kept for the process; what changes is in `state`.
    private let state = Locked(State())

    private struct State {
        var manifest: FeatureManifest?
        var hasTerminalScene = true
        var make: (@MainActor (FeatureContext) throws -> any Feature)?
        var table: UnsafeMutablePointer<featurehost_plugin>?
        var webAssets: WebAssets?
        var webTable: UnsafeMutablePointer<featurehost_plugin_web>?
    }

    func set(
        manifest: FeatureManifest, hasTerminalScene: Bool, make: @escaping @MainActor (FeatureContext) throws -> any Feature
    ) -> UnsafeRawPointer {
        state.withLock { state in
            state.manifest = manifest
            state.hasTerminalScene = hasTerminalScene
            state.make = make
            if let table = state.table { return UnsafeRawPointer(table) }
            let made = UnsafeMutablePointer<featurehost_plugin>.allocate(capacity: 1)
            made.initialize(to: CTable.make())
            state.table = made
            return UnsafeRawPointer(made)
        }
    }

    func setWeb(assets: WebAssets) -> UnsafeRawPointer {
        state.withLock { state in
            state.webAssets = assets
            if let webTable = state.webTable { return UnsafeRawPointer(webTable) }
            let made = UnsafeMutablePointer<featurehost_plugin_web>.allocate(capacity: 1)
            made.initialize(to: CWebTable.make())
            state.webTable = made
            return UnsafeRawPointer(made)
        }
    }

    /// Made once; its one function calls the instance's feature.
    let reformatTable: UnsafeRawPointer = {
        let made = UnsafeMutablePointer<featurehost_plugin_reformat>.allocate(capacity: 1)
        made.initialize(to: CReformatTable.make())
        return UnsafeRawPointer(made)
    }()

    var webAssets: WebAssets? { state.withLock { $0.webAssets } }
    var manifest: FeatureManifest? { state.withLock { $0.manifest } }
    var hasTerminalScene: Bool { state.withLock { $0.hasTerminalScene } }
    var make: (@MainActor (FeatureContext) throws -> any Feature)? { state.withLock { $0.make } }
}

let exported = ExportedFeature()
