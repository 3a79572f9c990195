import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalPluginBridge

/// The config and data directory a command works with, resolved by the documented lookup order, and the
/// registry: the built-in features, then those of the plugins the config names.
struct HostOptions {
    let registry: FeatureRegistry
    let config: HostConfig
    /// Resolved when asked: `list` and `validate` never need it unless a plugin does (start-up, docs/architecture.md).
    var dataDirectory: URL { dataDirectoryOverride ?? Self.dataDirectory(for: arguments, app: app, environment: environment) }
    private let dataDirectoryOverride: URL?
    private let arguments: CommandLineArguments
    let app: AppIdentity
    /// The variables the lookups read, once per command (`environment(for:)`).
    let environment: [String: String]
    /// Plugins that added no feature, and config entries left out because of them, as config issues:
    /// `validate` fails on them; the shell shows them as error entries and runs the rest.
    let pluginIssues: [ConfigIssue]
    /// One message per plugin that failed to load, for the shell's error entries.
    let pluginFailures: [PluginLoadError]
    /// The plugins whose features were registered, in config order (serve reads their web entries).
    let plugins: [LoadedPlugin]
    /// Each loaded plugin with its config entry and the build it loaded (`PluginBuild`): what a reload keeps running.
    private let loadedPlugins: [(configuration: PluginConfiguration, build: String, plugin: LoadedPlugin)]

    /// The variables the host's own lookups read for `app` (config, data directory, locale, time zone), each with
    /// `getenv`: `ProcessInfo.environment` copies the whole environment into a dictionary first (start-up).
    static func environment(for app: AppIdentity) -> [String: String] {
        var found: [String: String] = [:]
        for name in [app.configEnvironmentKey] + DataDirectory.environmentKeys(for: app) + LocalePreference.environmentKeys {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }
    static var currentDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    /// The data directory the documented lookup order names for these arguments.
    static func dataDirectory(
        for arguments: CommandLineArguments, app: AppIdentity, environment: [String: String]? = nil
    ) -> URL {
        DataDirectory.resolve(
            explicit: arguments.value("data-dir"), environment: environment ?? Self.environment(for: app),
            currentDirectory: currentDirectory, app: app)
    }

    /// Loads the plugins and validates the config; throws `ConfigErrors` with every problem of the config
    /// itself.
    /// - Parameter dataDirectory: used instead of the one the arguments name (`snapshot` without `--save` works on
    ///   a throwaway copy).
    /// - Parameter writesLogs: the plugins' output goes to `<data>/logs/plugins` (the commands that run features);
    ///   otherwise it is only kept for their panels.
    /// - Parameter limits: the plugins' bounds (tests shorten the deadlines).
    @MainActor
    init(
        arguments: CommandLineArguments, app: FeatureHostApp, dataDirectory override: URL? = nil, writesLogs: Bool = false,
        limits: PluginLimits = .standard, reusing previous: HostOptions? = nil
    ) throws {
        try self.init(
            arguments: arguments, app: app.identity, registry: app.registry, dataDirectory: override, writesLogs: writesLogs,
            limits: limits, reusing: previous)
    }

    /// - Parameter registry: the app's compiled-in features (tests pass their own).
    /// - Parameter previous: the options a running host has (a reload): when the config names the same plugins as
    ///   they did, their loaded plugins are kept rather than loaded again.
    @MainActor
    init(
        arguments: CommandLineArguments, app: AppIdentity = .featureHost, registry builtIns: FeatureRegistry,
        dataDirectory override: URL? = nil,
        writesLogs: Bool = false, limits: PluginLimits = .standard, reusing previous: HostOptions? = nil
    ) throws {
        let environment = Self.environment(for: app)
        var registry = builtIns
        var issues = registry.problems.map { ConfigIssue(file: "registry", path: "", message: $0) }
        var config = ConfigLoader(registry: registry).defaultConfig()
        var failures: [(index: Int, error: PluginLoadError)] = []
        var plugins: [LoadedPlugin] = []
        var loadedPlugins: [(configuration: PluginConfiguration, build: String, plugin: LoadedPlugin)] = []
        // A reload reads the file the host started with, even when it is gone (that is a broken edit, not a return
        // to the built-in default); a host started on the default looks again (a `./featurehost.json` made since).
        let choice =
            previous?.config.file.map { ConfigLocator.Choice.file($0, reason: "reload") }
            ?? ConfigLocator.locate(
                explicit: arguments.value("config"), environment: environment, currentDirectory: Self.currentDirectory, app: app)
        switch choice {
        case .builtInDefault:
            break
        case .file(let file, _):
            // Plugins first: the features of the config may be theirs. Each is loaded in its own process, so one that
            // crashes the loader fails alone.
            let configurations = ConfigLoader.pluginConfigurations(in: file)
            // Without plugins, nothing here is needed (the data directory, finding the plugin host): start-up.
            if !configurations.isEmpty {
                let dataDirectory = override ?? Self.dataDirectory(for: arguments, app: app, environment: environment)
                let maker = DynamicFeature.maker(dataDirectory: dataDirectory, command: app.commandName)
                let limits = limits.allowingDebugger(environment: ProcessInfo.processInfo.environment)
                let setup = PluginHostSetup.standard(dataDirectory: dataDirectory, writesLogs: writesLogs)
                // A reload keeps each plugin whose entry and library file are as they were (its process serves on)
                // and loads the others: one added, or one rebuilt.
                let builds = configurations.map { PluginBuild.identity(of: $0.file) }
                var results: [Result<LoadedPlugin, PluginLoadError>?] = zip(configurations, builds).map { configuration, build in
                    previous?.loadedPlugins.first { kept in
                        kept.configuration == configuration && kept.build == build && !build.isEmpty
                    }.map { .success($0.plugin) }
                }
                let fresh = results.indices.filter { results[$0] == nil }
                let opened = PluginLoader.open(fresh.map { configurations[$0] }, limits: limits, setup: setup)
                for (index, result) in zip(fresh, opened) { results[index] = result }
                for (index, result) in results.enumerated() {
                    do {
                        guard let result else { continue }
                        let loaded = try result.get()
                        let build = builds[index]
                        try PluginLoader.register(loaded, into: &registry, makeFeature: maker, build: build)
                        plugins.append(loaded)
                        loadedPlugins.append((configurations[index], build, loaded))
                    } catch {
                        failures.append((index, error))
                    }
                }
            }
            do {
                config = try ConfigLoader(registry: registry, failedPlugins: failures.map(\.error.file)).load(file)
            } catch let errors as ConfigErrors {
                // Every problem at once: the plugins that failed to load as well as the config's own.
                issues += failures.map { ConfigIssue(file: file.path, path: "plugins[\($0.index)]", message: $0.error.description) }
                issues += errors.issues
            }
        }
        guard issues.isEmpty else { throw ConfigErrors(issues) }
        self.registry = registry
        self.config = config
        dataDirectoryOverride = override
        self.arguments = arguments
        self.app = app
        self.environment = environment
        pluginFailures = failures.map(\.error)
        self.loadedPlugins = loadedPlugins
        self.plugins = plugins
        pluginIssues =
            failures.map { ConfigIssue(file: config.displayName, path: "plugins[\($0.index)]", message: $0.error.description) }
            + config.skipped.map(\.issue)
    }
}
