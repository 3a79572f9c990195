import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import Foundation

/// Where a plugin's code runs.
public enum PluginIsolation: String, Sendable, CaseIterable {
    /// In a `featurehost-plugin-host` process of its own (the default): a crash, a hang or a leak stops that
    /// plugin alone.
    case process
    /// In the host's own process, through the C table directly: for debugging a plugin with lldb, and to compare.
    /// A crash outside `create` or a hang takes the host with it.
    case inProcess = "in-process"
}

/// One entry of the config's `plugins`: the library, and optionally where it runs and its memory limit.
public struct PluginConfiguration: Sendable, Equatable {
    public var file: URL
    /// Nil: the host's default (`--plugin-isolation`, else `process`).
    public var isolation: PluginIsolation?
    /// Nil: `PluginLimits.memoryBytes`.
    public var memoryLimitMiB: Int?

    public init(file: URL, isolation: PluginIsolation? = nil, memoryLimitMiB: Int? = nil) {
        self.file = file
        self.isolation = isolation
        self.memoryLimitMiB = memoryLimitMiB
    }
}

/// A plugin library whose ABI version matched and whose manifest was read.
public struct LoadedPlugin: @unchecked Sendable {
    // @unchecked: the table pointers live as long as the process and are only read; the library is main-actor bound.
    public enum Backend {
        /// In process: the library's own tables.
        case table(UnsafePointer<featurehost_plugin>, web: UnsafePointer<featurehost_plugin_web>?)
        /// Out of process: the child that serves them.
        case process(PluginProcessLibrary)
    }

    public let file: URL
    public let manifest: FeatureManifest
    public let backend: Backend
    /// False for a web-only plugin: its feature is no `TerminalFeature`, so the shell says it has no screen there.
    public let hasTerminalScene: Bool

    public init(file: URL, manifest: FeatureManifest, backend: Backend, hasTerminalScene: Bool = true) {
        self.file = file
        self.manifest = manifest
        self.backend = backend
        self.hasTerminalScene = hasTerminalScene
    }

    /// The main table, in process; nil out of process.
    public var table: UnsafePointer<featurehost_plugin>? {
        if case .table(let table, _) = backend { return table }
        return nil
    }

    /// The web table, in process, when the library exports one of a version this host knows.
    public var web: UnsafePointer<featurehost_plugin_web>? {
        if case .table(_, let web) = backend { return web }
        return nil
    }

    /// Whether the library has a web entry of this host's version (a terminal-only plugin has none).
    @MainActor public var hasWebView: Bool {
        switch backend {
        case .table(_, let web): return web != nil
        case .process(let library): return library.hasWebView
        }
    }

    /// Ends its process now, for good: the running config has another build of it, or none (a reload). In
    /// process, the library stays loaded until the host exits (nothing can unload it safely).
    @MainActor public func retire(_ reason: String) {
        if case .process(let library) = backend { library.retire(reason) }
    }

    /// The same loaded library (the same process library, or the same table).
    public func isSameLoad(as other: LoadedPlugin) -> Bool {
        switch (backend, other.backend) {
        case (.process(let one), .process(let two)): return one === two
        case (.table(let one, _), .table(let two, _)): return one == two
        default: return false
        }
    }

    public var isolation: PluginIsolation {
        if case .process = backend { return .process }
        return .inProcess
    }
}

/// Turns a loaded plugin and a context into a running feature. The terminal surface supplies it, because the
/// runtime does not know any surface.
public typealias PluginFeatureMaker = @MainActor (LoadedPlugin, FeatureContext) throws -> any FeatureInstance

/// Loads features from dynamic libraries: `dlopen`, one versioned entry symbol, the ABI version checked before
/// anything else is read, then the manifest. Out of process (the default) all of that happens in the library's
/// own `featurehost-plugin-host`, so a library that crashes the loader costs only its own feature.
public enum PluginLoader {
    /// A manifest is a few hundred bytes; more than this is a broken plugin, not a big feature.
    public static let maximumManifestBytes = PluginLimits.standard.manifestBytes

    /// Opens `file` in this process and reads its table and manifest.
    public static func open(_ file: URL) throws(PluginLoadError) -> LoadedPlugin {
        switch PluginTable.open(file.path, manifestLimit: maximumManifestBytes) {
        case .failure(let failure): throw PluginLoadError(file: file, reason: PluginLoadError.Reason(failure))
        case .success(let opened): return try plugin(opened, file: file)
        }
    }

    /// Opens each library where its configuration says, starting every child before waiting for any, so they
    /// load in parallel. One result per configuration, in order.
    @MainActor
    public static func open(
        _ configurations: [PluginConfiguration], isolation defaultIsolation: PluginIsolation, limits: PluginLimits, setup: PluginHostSetup
    ) -> [Result<LoadedPlugin, PluginLoadError>] {
        enum Started {
            case done(Result<LoadedPlugin, PluginLoadError>)
            case pending(PluginProcessLibrary.PendingLoad)
        }
        let started: [Started] = configurations.map { configuration in
            switch configuration.isolation ?? defaultIsolation {
            case .inProcess:
                do throws(PluginLoadError) {
                    return .done(.success(try open(configuration.file)))
                } catch {
                    return .done(.failure(error))
                }
            case .process:
                var limits = limits
                if let mebibytes = configuration.memoryLimitMiB { limits.memoryBytes = mebibytes << 20 }
                do throws(PluginLoadError) {
                    return .pending(try PluginProcessLibrary.start(configuration.file, limits: limits, setup: setup))
                } catch {
                    return .done(.failure(error))
                }
            }
        }
        return started.map { started in
            switch started {
            case .done(let result): return result
            case .pending(let pending):
                do throws(PluginLoadError) {
                    let library = try PluginProcessLibrary.finish(pending)
                    return .success(
                        LoadedPlugin(
                            file: library.file, manifest: library.manifest, backend: .process(library),
                            hasTerminalScene: library.hasTerminalScene))
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    /// Checks a table's ABI version, then reads its manifest. Also how tests load a table built in-process.
    /// - Parameter web: the optional web table; kept only when its version is `PluginABI.webVersion`.
    public static func plugin(from table: UnsafeRawPointer, web: UnsafeRawPointer? = nil, file: URL) throws(PluginLoadError) -> LoadedPlugin
    {
        switch PluginTable.read(table: table, web: web, manifestLimit: maximumManifestBytes) {
        case .failure(let failure): throw PluginLoadError(file: file, reason: PluginLoadError.Reason(failure))
        case .success(let opened): return try plugin(opened, file: file)
        }
    }

    private static func plugin(_ opened: PluginTable.Opened, file: URL) throws(PluginLoadError) -> LoadedPlugin {
        let manifest: FeatureManifest
        let hasTerminalScene: Bool
        do {
            let wire = try ManifestWire.decode(opened.manifest)
            manifest = try wire.manifest()
            hasTerminalScene = wire.hasTerminalScene
        } catch {
            throw PluginLoadError(file: file, reason: .badManifest(error.userFacingMessage))
        }
        guard manifest.id.isKebabCase else {
            throw PluginLoadError(file: file, reason: .badManifest("the feature id \"\(manifest.id)\" is not kebab-case."))
        }
        return LoadedPlugin(
            file: file, manifest: manifest, backend: .table(opened.table, web: opened.web), hasTerminalScene: hasTerminalScene)
    }

    /// Loads each file in this process, in order, and registers its feature after those already in `registry`. A
    /// file that fails adds nothing and is returned with why; the others still load.
    public static func load(
        _ files: [URL], into registry: inout FeatureRegistry, makeFeature: @escaping PluginFeatureMaker
    ) -> [PluginLoadError] {
        var failures: [PluginLoadError] = []
        for file in files {
            do {
                let plugin = try open(file)
                try register(plugin, into: &registry, makeFeature: makeFeature)
            } catch {
                failures.append(error)
            }
        }
        return failures
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
