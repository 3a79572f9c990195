import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A plugin library whose ABI version matched and whose manifest was read.
public struct LoadedPlugin: @unchecked Sendable {
    public let file: URL
    /// Lives as long as the process: handles are never closed, so the table and its code stay mapped.
    public let table: UnsafePointer<featurehost_plugin>
    public let manifest: FeatureManifest
    /// The optional web entry's table, when the library exports one of a version this host knows; nil for a
    /// terminal-only plugin (every plugin built before the web surface).
    public let web: UnsafePointer<featurehost_plugin_web>?
}

/// Turns a loaded plugin and a context into a running feature. The terminal surface supplies it, because the
/// runtime does not know any surface.
public typealias PluginFeatureMaker = @MainActor (LoadedPlugin, FeatureContext) throws -> any Feature

/// Loads features from dynamic libraries: `dlopen`, one versioned entry symbol, the ABI version checked
/// before anything else is read, then the manifest. Handles are never closed: code from a library may still
/// be running (a task, a callback) when nothing else refers to it.
public enum PluginLoader {
    /// A manifest is a few hundred bytes; more than this is a broken plugin, not a big feature.
    public static let maximumManifestBytes = 1 << 20

    /// Opens `file` and reads its table and manifest.
    public static func open(_ file: URL) throws(PluginLoadError) -> LoadedPlugin {
        // RTLD_LOCAL keeps the plugin's copy of the core to itself; RTLD_NOW reports missing symbols here.
        guard let handle = dlopen(file.path, RTLD_NOW | RTLD_LOCAL) else {
            throw PluginLoadError(file: file, reason: .cannotOpen(loaderError() ?? "the loader gave no reason"))
        }
        guard let symbol = dlsym(handle, PluginABI.entrySymbol) else {
            throw PluginLoadError(file: file, reason: .noEntrySymbol)
        }
        let entry = unsafeBitCast(symbol, to: featurehost_plugin_entry_fn.self)
        guard let table = entry() else { throw PluginLoadError(file: file, reason: .entryReturnedNull) }
        return try plugin(from: UnsafeRawPointer(table), web: webTable(in: handle), file: file)
    }

    /// The web entry's table, if the library has the symbol and its version is this host's; otherwise the
    /// plugin is terminal-only (an unknown web version must not stop the terminal from working).
    private static func webTable(in handle: UnsafeMutableRawPointer) -> UnsafeRawPointer? {
        guard let symbol = dlsym(handle, PluginABI.webEntrySymbol) else { return nil }
        let entry = unsafeBitCast(symbol, to: featurehost_plugin_web_entry_fn.self)
        return entry().map { UnsafeRawPointer($0) }
    }

    /// Checks a table's ABI version, then reads its manifest. Also how tests load a table built in-process.
    /// - Parameter web: the optional web table; kept only when its version is `PluginABI.webVersion`.
    public static func plugin(from table: UnsafeRawPointer, web: UnsafeRawPointer? = nil, file: URL) throws(PluginLoadError) -> LoadedPlugin {
        // Only the first field is read until the version matches: an older or newer table may be laid out
        // differently after it.
        let version = table.load(as: UInt32.self)
        guard version == PluginABI.version else { throw PluginLoadError(file: file, reason: .wrongABIVersion(found: version)) }
        let typed = table.assumingMemoryBound(to: featurehost_plugin.self)
        guard let manifestFunction = typed.pointee.manifest else {
            throw PluginLoadError(file: file, reason: .badManifest("its table has no manifest function."))
        }
        let manifest: FeatureManifest
        do {
            let bytes = try ByteSink.collect(limit: maximumManifestBytes) { sink, write in manifestFunction(sink, write) }
            manifest = try ManifestWire.decode(bytes).manifest()
        } catch let error as ByteSink.OverLimit {
            throw PluginLoadError(file: file, reason: .badManifest("it is \(error.description) of JSON."))
        } catch {
            throw PluginLoadError(file: file, reason: .badManifest(error.userFacingMessage))
        }
        guard manifest.id.isKebabCase else {
            throw PluginLoadError(file: file, reason: .badManifest("the feature id \"\(manifest.id)\" is not kebab-case."))
        }
        // As with the main table, only the first field is read until the version matches.
        let webTable = web.flatMap { web in
            web.load(as: UInt32.self) == PluginABI.webVersion ? web.assumingMemoryBound(to: featurehost_plugin_web.self) : nil
        }
        return LoadedPlugin(file: file, table: typed, manifest: manifest, web: webTable)
    }

    /// Loads each file in order and registers its feature after those already in `registry`. A file that
    /// fails adds nothing and is returned with why; the others still load.
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
    public static func register(
        _ plugin: LoadedPlugin, into registry: inout FeatureRegistry, makeFeature: @escaping PluginFeatureMaker
    ) throws(PluginLoadError) {
        if let owner = registry.registration(for: plugin.manifest.id) {
            throw PluginLoadError(file: plugin.file, reason: .idClash(plugin.manifest.id, owner: owner.label))
        }
        registry.add(
            FeatureRegistry.Registration(
                manifest: plugin.manifest, origin: plugin.file.path, name: plugin.file.lastPathComponent
            ) { context in try makeFeature(plugin, context) })
    }

    private static func loaderError() -> String? {
        guard let message = dlerror() else { return nil }
        return String(cString: message)
    }
}
