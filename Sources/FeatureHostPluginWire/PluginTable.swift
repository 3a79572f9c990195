import CFeatureHostPluginABI
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Why a library gave no usable table, as the `featurehost-plugin-host` child finds it and the host reports it.
public enum PluginTableFailure: Error, Equatable, Sendable {
    /// `dlopen` failed; the loader's own `dlerror` text.
    case cannotOpen(String)
    case noEntrySymbol
    case entryReturnedNull
    case wrongABIVersion(found: UInt32)
    case noManifestFunction
    /// The manifest was longer than the bound.
    case manifestOverLimit(Int)
    /// The child speaks another version of the channel.
    case channelVersion(found: UInt32)

    func write(into writer: inout WireWriter) {
        switch self {
        case .cannotOpen(let message):
            writer.u8(1)
            writer.blob(Array(message.utf8))
        case .noEntrySymbol: writer.u8(2)
        case .entryReturnedNull: writer.u8(3)
        case .wrongABIVersion(let found):
            writer.u8(4)
            writer.u32(found)
        case .noManifestFunction: writer.u8(5)
        case .manifestOverLimit(let limit):
            writer.u8(6)
            writer.i64(Int64(limit))
        case .channelVersion(let found):
            writer.u8(7)
            writer.u32(found)
        }
    }

    init(from reader: inout WireReader) throws(ChannelError) {
        switch try reader.u8("load failure") {
        case 1: self = .cannotOpen(String(decoding: try reader.blob("loader message"), as: UTF8.self))
        case 2: self = .noEntrySymbol
        case 3: self = .entryReturnedNull
        case 4: self = .wrongABIVersion(found: try reader.u32("version"))
        case 5: self = .noManifestFunction
        case 6: self = .manifestOverLimit(Int(clamping: try reader.i64("limit")))
        case 7: self = .channelVersion(found: try reader.u32("version"))
        case let other: throw ChannelError("a load failure of the unknown kind \(other)")
        }
    }
}

/// Opening a plugin library and reading its tables: `dlopen`, the versioned entry symbol, the ABI version read
/// before anything else, the manifest's bytes, and the optional web and reformat tables of this host's versions. Handles are
/// never closed: code from a library may still run (a task, a callback) when nothing refers to it.
public enum PluginTable {
    public struct Opened: @unchecked Sendable {
        // @unchecked: the tables live as long as the process and are only read.
        public let table: UnsafePointer<featurehost_plugin>
        /// Nil for a terminal-only plugin, or one whose web table is of a version this host does not know.
        public let web: UnsafePointer<featurehost_plugin_web>?
        /// Nil for a library built before the reformat entry, or one whose table is of a version this host does not know.
        public let reformat: UnsafePointer<featurehost_plugin_reformat>?
        public let manifest: [UInt8]
    }

    /// Opens the library at `path` and reads its manifest (at most `manifestLimit` bytes).
    public static func open(_ path: String, manifestLimit: Int) -> Result<Opened, PluginTableFailure> {
        // RTLD_LOCAL keeps the plugin's copy of the core to itself; RTLD_NOW reports missing symbols here.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.cannotOpen(dlerror().map { String(cString: $0) } ?? "the loader gave no reason"))
        }
        guard let symbol = dlsym(handle, PluginABI.entrySymbol) else { return .failure(.noEntrySymbol) }
        let entry = unsafeBitCast(symbol, to: featurehost_plugin_entry_fn.self)
        guard let table = entry() else { return .failure(.entryReturnedNull) }
        return read(
            table: UnsafeRawPointer(table), web: webTable(in: handle), reformat: reformatTable(in: handle), manifestLimit: manifestLimit)
    }

    /// The reformat entry's table, if the library has the symbol (its version is checked by `read`).
    private static func reformatTable(in handle: UnsafeMutableRawPointer) -> UnsafeRawPointer? {
        guard let symbol = dlsym(handle, PluginABI.reformatEntrySymbol) else { return nil }
        let entry = unsafeBitCast(symbol, to: featurehost_plugin_reformat_entry_fn.self)
        return entry().map { UnsafeRawPointer($0) }
    }

    /// The web entry's table, if the library has the symbol (its version is checked by `read`).
    private static func webTable(in handle: UnsafeMutableRawPointer) -> UnsafeRawPointer? {
        guard let symbol = dlsym(handle, PluginABI.webEntrySymbol) else { return nil }
        let entry = unsafeBitCast(symbol, to: featurehost_plugin_web_entry_fn.self)
        return entry().map { UnsafeRawPointer($0) }
    }

    /// Checks a table's ABI version, then reads its manifest's bytes.
    public static func read(
        table: UnsafeRawPointer, web: UnsafeRawPointer?, reformat: UnsafeRawPointer? = nil, manifestLimit: Int
    ) -> Result<Opened, PluginTableFailure> {
        // Only the first field is read until the version matches: an older or newer table may be laid out
        // differently after it.
        let version = table.load(as: UInt32.self)
        guard version == PluginABI.version else { return .failure(.wrongABIVersion(found: version)) }
        let typed = table.assumingMemoryBound(to: featurehost_plugin.self)
        guard let manifestFunction = typed.pointee.manifest else { return .failure(.noManifestFunction) }
        let manifest: [UInt8]
        do {
            manifest = try ByteSink.collect(limit: manifestLimit) { sink, write in manifestFunction(sink, write) }
        } catch {
            return .failure(.manifestOverLimit(manifestLimit))
        }
        // As with the main table, only the first field is read until the version matches.
        let webTable = web.flatMap { web in
            web.load(as: UInt32.self) == PluginABI.webVersion ? web.assumingMemoryBound(to: featurehost_plugin_web.self) : nil
        }
        let reformatTable = reformat.flatMap { reformat in
            reformat.load(as: UInt32.self) == PluginABI.reformatVersion
                ? reformat.assumingMemoryBound(to: featurehost_plugin_reformat.self) : nil
        }
        return .success(Opened(table: typed, web: webTable, reformat: reformatTable, manifest: manifest))
    }
}
