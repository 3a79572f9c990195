import FeatureHostCore
import Foundation

/// One entry of the config's `plugins`: the library, and optionally its memory limit. Every plugin runs in a
/// `featurehost-plugin-host` process of its own (docs/architecture.md, "Plugins run out of process").
public struct PluginConfiguration: Sendable, Equatable {
    public var file: URL
    /// Nil: `PluginLimits.memoryBytes`.
    public var memoryLimitMiB: Int?

    public init(file: URL, memoryLimitMiB: Int? = nil) {
        self.file = file
        self.memoryLimitMiB = memoryLimitMiB
    }
}

/// A plugin library whose ABI version matched and whose manifest was read, in its own process.
public struct LoadedPlugin: @unchecked Sendable {
    // @unchecked: the process library is main-actor bound; the rest are values.
    public let file: URL
    public let manifest: FeatureManifest
    /// The `featurehost-plugin-host` child that loaded the library and serves its table.
    public let library: PluginProcessLibrary
    /// False for a web-only plugin: its feature is no `TerminalFeature`, so the shell says it has no screen there.
    public let hasTerminalScene: Bool

    public init(file: URL, manifest: FeatureManifest, library: PluginProcessLibrary, hasTerminalScene: Bool = true) {
        self.file = file
        self.manifest = manifest
        self.library = library
        self.hasTerminalScene = hasTerminalScene
    }

    /// Whether the library has a web entry of this host's version (a terminal-only plugin has none).
    @MainActor public var hasWebView: Bool { library.hasWebView }

    /// Ends its process now, for good: the running config has another build of it, or none (a reload).
    @MainActor public func retire(_ reason: String) { library.retire(reason) }

    /// The same loaded library (the same process library).
    public func isSameLoad(as other: LoadedPlugin) -> Bool { library === other.library }
}

/// Turns a loaded plugin and a context into a running feature. The terminal surface supplies it, because the
/// runtime does not know any surface.
public typealias PluginFeatureMaker = @MainActor (LoadedPlugin, FeatureContext) throws -> any FeatureInstance

/// Loads features from dynamic libraries, each in its own `featurehost-plugin-host`: there `dlopen`, one versioned
/// entry symbol, the ABI version checked before anything else is read, then the manifest; so a library that crashes
/// the loader costs only its own feature.
public enum PluginLoader {
    /// Starts a child for each library, every one before waiting for any, so they load in parallel. One result per
    /// configuration, in order.
    @MainActor
    public static func open(
        _ configurations: [PluginConfiguration], limits: PluginLimits, setup: PluginHostSetup
    ) -> [Result<LoadedPlugin, PluginLoadError>] {
        let started: [Result<PluginProcessLibrary.PendingLoad, PluginLoadError>] = configurations.map { configuration in
            var limits = limits
            if let mebibytes = configuration.memoryLimitMiB { limits.memoryBytes = mebibytes << 20 }
            do throws(PluginLoadError) {
                return .success(try PluginProcessLibrary.start(configuration.file, limits: limits, setup: setup))
            } catch {
                return .failure(error)
            }
        }
        return started.map { started in
            do throws(PluginLoadError) {
                let library = try PluginProcessLibrary.finish(try started.get())
                return .success(
                    LoadedPlugin(
                        file: library.file, manifest: library.manifest, library: library, hasTerminalScene: library.hasTerminalScene))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Adds a loaded plugin's feature, unless its id is taken.
    /// - Parameter build: the library file as it was when loaded (`PluginBuild.identity`), so a reload tells a rebuilt
    ///   library from the one running.
    public static func register(
        _ plugin: LoadedPlugin, into registry: inout FeatureRegistry, makeFeature: @escaping PluginFeatureMaker, build: String = ""
    ) throws(PluginLoadError) {
        if let owner = registry.descriptor(for: plugin.manifest.id) {
            throw PluginLoadError(file: plugin.file, reason: .idClash(plugin.manifest.id, owner: owner.label))
        }
        var descriptor = FeatureDescriptor(
            manifest: plugin.manifest, origin: plugin.file.path, name: plugin.file.lastPathComponent
        ) { context in try makeFeature(plugin, context) }
        descriptor.build = build
        registry.add(descriptor)
    }
}
