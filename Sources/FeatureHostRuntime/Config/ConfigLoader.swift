import DataSources
import FeatureHostCore
import Foundation

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
    static let sourceKeys = ["kind", "path", "url", "timeout", "cache"]
    static let topKeys = ["features", "plugins", "locale", "hourCycle"]

    /// The built-in default: every registered feature, enabled, with its default source.
    public func defaultConfig() -> HostConfig {
        HostConfig(file: nil, entries: registry.registrations.map { HostConfig.Entry(id: $0.manifest.id) })
    }

    public func load(_ file: URL) throws -> HostConfig {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            let reason = FileManager.default.fileExists(atPath: file.path) ? "cannot be read" : "does not exist"
            throw ConfigErrors([ConfigIssue(file: file.path, path: "", message: "the config file \(reason).")])
        }
        return try parse(data, file: file)
    }

    /// The plugin files a config names, resolved against its folder, read before the features are validated
    /// (their ids come from the plugins). Empty when the file cannot be read: `load` reports why.
    public static func pluginFiles(in file: URL) -> [URL] { pluginConfigurations(in: file).map(\.file) }

    /// The same, with each plugin's isolation and memory limit; entries the config gets wrong are left out (`load`
    /// reports them).
    public static func pluginConfigurations(in file: URL) -> [PluginConfiguration] {
        guard let data = try? Data(contentsOf: file), let root = try? parseRoot(data, file: file) else { return [] }
        var validation = ConfigValidation(file: file, registry: FeatureRegistry([]))
        return validation.pluginConfigurations(in: root)
    }

    private static func parseRoot(_ data: Data, file: URL) throws -> Any {
        if file.pathExtension.lowercased() == "plist" {
            return try XMLPropertyList.object(from: data)
        }
        // Foundation accepts trailing commas and repeated keys: check the syntax strictly first.
        try StrictJSON.check(Array(data))
        return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    public func parse(_ data: Data, file: URL) throws -> HostConfig {
        let root: Any
        let isPlist = file.pathExtension.lowercased() == "plist"
        do {
            root = try Self.parseRoot(data, file: file)
        } catch {
            let kind = isPlist ? "a valid property list" : "valid JSON"
            let detail =
                (error as? StrictJSON.SyntaxError)?.description
                ?? (error as? XMLPropertyList.FormatError)?.description
                ?? (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw ConfigErrors([ConfigIssue(file: file.path, path: "", message: "not \(kind): \(detail)")])
        }
        var validation = ConfigValidation(file: file, registry: registry, failedPlugins: failedPlugins)
        let config = validation.validate(root)
        guard validation.issues.isEmpty, let config else { throw ConfigErrors(validation.issues) }
        return config
    }
}
