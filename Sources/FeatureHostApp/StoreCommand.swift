import DataSources
import FeatureHostCore
import FeatureHostRuntime
import Foundation

/// `store get ID KEY` / `store set ID KEY JSON` / `store remove ID KEY`: reads and writes a
/// feature's small persistent state, for support and for checking that state survives a restart.
enum StoreCommand {
    @MainActor
    static func run(_ arguments: CommandLineArguments, app: FeatureHostApp) throws -> Int32 {
        try arguments.check(allowed: ["config", "data-dir"], command: "store", app: app)
        let words = Array(arguments.positionals.dropFirst())
        guard let verb = words.first, words.count >= 3 else {
            throw UsageError("store: usage: \(app.commandName) store get|set|remove ID KEY [JSON] [--data-dir D]")
        }
        let options = try HostOptions(arguments: arguments, app: app)
        let id = FeatureID(words[1])
        guard let descriptor = options.registry.descriptor(for: id) else {
            throw UsageError(
                "store: unknown feature \"\(id)\"; known ids: \(options.registry.ids.map(\.rawValue).joined(separator: ", ")).")
        }
        // Only the keys the feature declares: a mistyped key would be written beside the real one and never read.
        let keys = descriptor.manifest.storedKeys
        guard keys.contains(words[2]) else {
            throw UsageError(
                keys.isEmpty
                    ? "store: \(id) keeps no saved values."
                    : "store: \(id) keeps no value named \"\(words[2])\"; its keys: \(keys.joined(separator: ", ")).")
        }
        if ["get", "remove"].contains(verb), words.count > 3 {
            throw UsageError("store \(verb): unexpected argument \"\(words[3])\"; usage: \(app.commandName) store \(verb) ID KEY.")
        }
        // Only the preferences file: no transport, so FoundationNetworking makes no folders of its own.
        let store = try PlistFileStore(suiteFile: HostEnvironment.preferencesFile(in: options.dataDirectory), prefix: "\(id.rawValue).")
        let key = words[2]
        switch verb {
        case "get":
            guard let data = store.data(forKey: key) else {
                // Absent because the file is damaged or out of reach is not "no value": say which, with the path.
                let reason = store.damageNotice ?? "\(id) has no value for \"\(key)\"."
                FileHandle.standardError.write(Data("store: \(reason)\n".utf8))
                return 1
            }
            print(String(decoding: data, as: UTF8.self))
            // Found, but a damaged journal was read past: say so, as a feature's screen does.
            if let notice = store.damageNotice { FileHandle.standardError.write(Data("store: \(notice)\n".utf8)) }
        case "set":
            guard words.count == 4 else { throw UsageError("store set: give the value as JSON, e.g. '\"text\"' or 'true'.") }
            let data = Data(words[3].utf8)
            guard (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
                throw UsageError("store set: the value \(words[3]) is not JSON.")
            }
            try save(data, key: key, of: id, verb: verb, in: store)
        case "remove":
            try save(nil, key: key, of: id, verb: verb, in: store)
        default:
            throw UsageError("store: unknown action \"\(verb)\"; allowed: get, set, remove.")
        }
        return 0
    }

    /// A save that did not happen exits 1 with the file and the reason (`PlistFileStore` names both).
    private static func save(_ data: Data?, key: String, of id: FeatureID, verb: String, in store: PlistFileStore) throws {
        do {
            try store.set(data, forKey: key)
            // A command ends at once: its save is folded into the file and fsynced now, not a moment later.
            store.durability.syncNow()
            // A damaged file was moved aside to make the save: say so, as `get` says it is damaged.
            if let notice = store.damageNotice { FileHandle.standardError.write(Data("store: \(notice)\n".utf8)) }
        } catch {
            throw FeatureError("store \(verb): \(id) \"\(key)\" was not saved: \(error.userFacingMessage)")
        }
    }
}
