import DataSources
import FeatureHostCore
import Foundation
import StrictJSON

/// Reads a config file (JSON, or an XML plist when the name ends in `.plist`) and validates it against the
/// registry, collecting every problem with its key path.
public struct ConfigLoader {
    public let registry: FeatureRegistry
    /// Plugin files that failed to load: an unknown id may be theirs, so its entry is left out and recorded in
    /// `HostConfig.skipped` instead of failing the whole config.
    public let failedPlugins: [URL]

    public init(registry: FeatureRegistry, failedPlugins: [URL] = []) {
        self.registry = registry
        self.failedPlugins = failedPlugins
    }

    static let featureKeys = ["id", "enabled", "source", "settings"]
    static let sourceKeys = ["kind", "path", "url", "timeout", "cache", "format"]
    static let topKeys = ["features", "plugins", "locale", "hourCycle"]

    /// The built-in default: every registered feature, enabled, with its default source.
    public func defaultConfig() -> HostConfig {
        HostConfig(file: nil, entries: registry.descriptors.map { HostConfig.Entry(id: $0.manifest.id) })
    }

    public func load(_ file: URL) throws -> HostConfig {
        try parse(try ConfigFile.read(file), file: file)
    }

    /// The plugin files a config names, resolved against its folder, read before the features are validated
    /// (their ids come from the plugins). Empty when the file cannot be read: `load` reports why.
    public static func pluginFiles(in file: URL) -> [URL] { pluginConfigurations(in: file).map(\.file) }

    /// The same, with each plugin's memory limit; entries the config gets wrong are left out (`load`
    /// reports them).
    public static func pluginConfigurations(in file: URL) -> [PluginConfiguration] {
        guard let data = try? ConfigFile.read(file), let root = try? parseRoot(data, file: file) else { return [] }
        var validation = ConfigValidation(file: file, registry: FeatureRegistry([]))
        return validation.pluginConfigurations(in: root)
    }

    private static func parseRoot(_ data: Data, file: URL) throws -> JSONValue {
        if file.pathExtension.lowercased() == "plist" {
            return PlistConfigValue.value(try XMLPropertyList.object(from: data))
        }
        // Strict where Foundation is not (trailing commas, repeated keys), in one pass.
        return try JSONReader.parse(Array(data), allowingByteOrderMark: true)
    }

    public func parse(_ data: Data, file: URL) throws -> HostConfig {
        if let problem = ConfigFile.sizeProblem(data.count) {
            throw ConfigErrors([ConfigIssue(file: file.path, path: "", message: problem)])
        }
        let root: JSONValue
        let isPlist = file.pathExtension.lowercased() == "plist"
        if !isPlist, ConfigFile.isBlank(data) {
            let message = #"not valid JSON: line 1, column 1: the file is empty; a config is an object, e.g. {"features": []}."#
            throw ConfigErrors([ConfigIssue(file: file.path, path: "", message: message)])
        }
        do {
            root = try Self.parseRoot(data, file: file)
        } catch {
            let kind = isPlist ? "a valid property list" : "valid JSON"
            let detail =
                (error as? JSONReadError)?.description
                ?? (error as? XMLPropertyList.FormatError)?.description
                ?? (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw ConfigErrors([ConfigIssue(file: file.path, path: "", message: "not \(kind): \(detail)")])
        }
        var validation = ConfigValidation(file: file, registry: registry, failedPlugins: failedPlugins)
        let config = validation.validate(root)
        // With any problem, the ids left out for a failed plugin are problems too: `validate` says everything at once.
        guard validation.issues.isEmpty, let config else { throw ConfigErrors(validation.issues + validation.skipped.map(\.issue)) }
        return config
    }
}
