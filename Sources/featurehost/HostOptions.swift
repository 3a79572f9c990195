import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalPluginBridge

/// The config and data directory a command works with, resolved by the documented lookup order, and the
/// registry: the built-in features, then those of the plugins the config names.
struct HostOptions {
    let registry: FeatureRegistry
    let config: HostConfig
    let dataDirectory: URL
    /// Plugins that added no feature, and config entries left out because of them, as config issues:
    /// `validate` fails on them; the shell shows them as error entries and runs the rest.
    let pluginIssues: [ConfigIssue]
    /// One message per plugin that failed to load, for the shell's error entries.
    let pluginFailures: [PluginLoadError]
    /// The plugins whose features were registered, in config order (serve reads their web entries).
    let plugins: [LoadedPlugin]

    static let environment = ProcessInfo.processInfo.environment
    static var currentDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    /// The data directory the documented lookup order names for these arguments.
    static func dataDirectory(for arguments: CommandLineArguments) -> URL {
        DataDirectory.resolve(explicit: arguments.value("data-dir"), environment: environment, currentDirectory: currentDirectory)
    }

    /// Loads the plugins and validates the config; throws `ConfigErrors` with every problem of the config
    /// itself.
    /// - Parameter dataDirectory: used instead of the one the arguments name (`snapshot` without `--save` works on
    ///   a throwaway copy).
    init(
        arguments: CommandLineArguments, registry builtIns: FeatureRegistry = BuiltInFeatures.registry,
        dataDirectory override: URL? = nil
    ) throws {
        let dataDirectory = override ?? Self.dataDirectory(for: arguments)
        var registry = builtIns
        var issues = registry.problems.map { ConfigIssue(file: "registry", path: "", message: $0) }
        var config = ConfigLoader(registry: registry).defaultConfig()
        var failures: [(index: Int, error: PluginLoadError)] = []
        var plugins: [LoadedPlugin] = []
        switch ConfigLocator.locate(explicit: arguments.value("config"), environment: Self.environment, currentDirectory: Self.currentDirectory) {
        case .builtInDefault:
            break
        case .file(let file, _):
            // Plugins first: the features of the config may be theirs.
            let maker = DynamicFeature.maker(dataDirectory: dataDirectory)
            for (index, plugin) in ConfigLoader.pluginFiles(in: file).enumerated() {
                do {
                    let loaded = try PluginLoader.open(plugin)
                    try PluginLoader.register(loaded, into: &registry, makeFeature: maker)
                    plugins.append(loaded)
                } catch {
                    failures.append((index, error))
                }
            }
            do {
                config = try ConfigLoader(registry: registry, failedPlugins: failures.map(\.error.file)).load(file)
            } catch let errors as ConfigErrors {
                issues += errors.issues
            }
        }
        guard issues.isEmpty else { throw ConfigErrors(issues) }
        self.registry = registry
        self.config = config
        self.dataDirectory = dataDirectory
        pluginFailures = failures.map(\.error)
        self.plugins = plugins
        pluginIssues =
            failures.map { ConfigIssue(file: config.displayName, path: "plugins[\($0.index)]", message: $0.error.description) }
            + config.skipped.map(\.issue)
    }
}
