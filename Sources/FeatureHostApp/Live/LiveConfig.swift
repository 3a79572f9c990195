import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalPluginBridge

/// The config a running host follows: the last good options and environment, and the problems of the last edit
/// when it was broken. `reload()` reads and validates the file whole, exactly as `validate` does (a plugin that
/// fails to load is a problem too), and says what to apply; a broken edit changes nothing but `problems`, so the
/// host keeps running the last good config (nginx's rule).
@MainActor
final class LiveConfig {
    /// What a reload found.
    enum Outcome {
        /// A good config with changes: `diff` between the old and new enabled features (`features`, in order).
        case applied(ConfigDiff, features: [ResolvedFeature])
        /// A good config that changes nothing that runs.
        case unchanged
        /// A broken edit: every problem, as `validate` reports it. The last good config stays.
        case broken([ConfigIssue])
    }

    private let arguments: CommandLineArguments
    private let app: FeatureHostApp
    private let flags: LocalePreference.Flags
    /// `--only`: the one feature the host runs; a reload that disables it stops it.
    private let only: FeatureID?
    private(set) var options: HostOptions
    /// The live environment with the last good config's locale, time zone and hour cycle (the clock, network,
    /// caches and store stay the same objects).
    private(set) var environment: HostEnvironment
    /// The last edit's problems; empty while the config in force is the file's.
    private(set) var problems: [ConfigIssue] = []
    /// Plugins a good reload replaced or removed, until `retireReplacedPlugins()`.
    private var retiring: [LoadedPlugin] = []

    convenience init(_ live: LiveEnvironment, arguments: CommandLineArguments, app: FeatureHostApp, only: FeatureID?) {
        self.init(options: live.options, environment: live.environment, flags: live.flags, arguments: arguments, app: app, only: only)
    }

    /// - Parameter environment: what features are lent (a test's has its manual clock); a reload changes only its
    ///   locale, time zone and hour cycle.
    init(
        options: HostOptions, environment: HostEnvironment, flags: LocalePreference.Flags, arguments: CommandLineArguments,
        app: FeatureHostApp, only: FeatureID?
    ) {
        self.arguments = arguments
        self.app = app
        self.flags = flags
        self.only = only
        self.options = options
        self.environment = environment
    }

    /// The file the host follows: the config it started with, or where `./featurehost.json` would be when it
    /// started on the built-in default (making one is then an edit too).
    var followedFile: URL {
        options.config.file ?? HostOptions.currentDirectory.appendingPathComponent(app.identity.configFileName)
    }

    /// Every file whose change is a reload: the config, and each plugin library it names (a rebuilt plugin is
    /// loaded again, alone).
    var followedFiles: [URL] { [followedFile] + options.config.pluginConfigurations.map(\.file) }

    /// The enabled features the surfaces run with the options in force.
    var features: [ResolvedFeature] { Self.features(options, only: only) }

    /// The error entries the shell shows for plugins that failed to load.
    var failureEntries: [HostSession.Entry] { only == nil ? ShellAssembly.pluginFailureEntries(options) : [] }

    var launcher: FeatureLauncher { FeatureLauncher(environment: environment) }

    func reload() -> Outcome {
        let new: HostOptions
        do {
            new = try HostOptions(arguments: arguments, app: app, writesLogs: true, reusing: options)
            guard new.pluginIssues.isEmpty else { throw ConfigErrors(new.pluginIssues) }
        } catch let errors as ConfigErrors {
            problems = errors.issues
            return .broken(errors.issues)
        } catch {
            problems = [ConfigIssue(file: options.config.displayName, path: "", message: "\(error)")]
            return .broken(problems)
        }
        let tried = tryNewBuilds(of: new)
        guard tried.isEmpty else {
            problems = tried
            return .broken(tried)
        }
        problems = []
        let before = features
        let oldLocale = options.config.localeSettings
        // Builds the new config no longer runs (rebuilt, or out of "plugins"): ended once the surfaces let go of them.
        retiring += options.plugins.filter { old in !new.plugins.contains { $0.isSameLoad(as: old) } }
        options = new
        let preference = LocaleFlags.preference(flags, options: new)
        environment.locale = preference.locale
        environment.timeZone = preference.timeZone
        environment.hourCycle = preference.hourCycle
        let diff = ConfigDiff(from: before, to: features, locale: oldLocale, new.config.localeSettings)
        return diff.isEmpty ? .unchanged : .applied(diff, features: features)
    }

    /// Ends the processes of the plugins the last reload replaced or removed. Called once the surfaces have applied
    /// it, so no instance of theirs is running to see its process go.
    func retireReplacedPlugins() {
        for plugin in retiring {
            plugin.retire("the plugin \(plugin.file.lastPathComponent) was replaced by a new build or taken out of the config.")
        }
        retiring = []
    }

    /// A plugin build the running host has not run yet must start its feature before it replaces the one that
    /// works: each enabled feature of a newly loaded library is made once, then let go. A build that traps or throws
    /// in `create` is a problem like one that does not load; it is retired, and the old build serves on.
    private func tryNewBuilds(of new: HostOptions) -> [ConfigIssue] {
        let fresh = new.plugins.filter { plugin in !options.plugins.contains { $0.isSameLoad(as: plugin) } }
        guard !fresh.isEmpty, options.config.file != nil else { return [] }
        let enabled = Self.features(new, only: only)
        let launcher = FeatureLauncher(environment: environment)
        var issues: [ConfigIssue] = []
        for plugin in fresh {
            guard let feature = enabled.first(where: { $0.id == plugin.manifest.id }),
                let message = Self.failure(of: launcher.launch(feature).outcome)
            else { continue }
            let index = new.config.pluginConfigurations.firstIndex { $0.file.standardizedFileURL == plugin.file.standardizedFileURL }
            issues.append(
                ConfigIssue(
                    file: new.config.displayName, path: index.map { "plugins[\($0)]" } ?? "plugins",
                    message: "the new build of \(plugin.file.lastPathComponent) was not applied: \(message)"))
        }
        if !issues.isEmpty {
            for plugin in fresh { plugin.retire("the new build of \(plugin.file.lastPathComponent) could not start its feature.") }
        }
        return issues
    }

    /// Why a trial instance did not start: it threw, or it is a plugin's bridge whose process stopped in `create` (it
    /// would show its panel).
    private static func failure(of outcome: FeatureLauncher.Outcome) -> String? {
        switch outcome {
        case .failed(let message): return message
        case .running(let instance):
            let plugin = (instance as? DynamicFeature)?.instance ?? (instance as? WebOnlyPluginFeature)?.instance
            return plugin?.stop?.message
        }
    }

    /// With `--only`, the one feature while the config enables it (none once it is turned off).
    private static func features(_ options: HostOptions, only: FeatureID?) -> [ResolvedFeature] {
        (try? ShellAssembly.selection(options: options, only: only)) ?? []
    }

    /// The problems as the banners and `serve`'s output show them: each as `validate` prints it.
    var problemLines: [String] {
        ConfigErrors(problems).description(command: app.commandName).split(separator: "\n").map(String.init)
    }

    /// One line for `serve`'s output (and the shell's stderr after it quits) saying what a reload did.
    /// - Parameter naming: whether the line names the file (`serve`'s output does; the shell's footer has no room).
    func summary(of outcome: Outcome, naming: Bool = true) -> String {
        let file = naming ? options.config.displayName : "the config"
        let registry = options.registry
        let titles = { (id: FeatureID) in registry.descriptor(for: id)?.manifest.title ?? id.rawValue }
        switch outcome {
        case .unchanged:
            return "reload: \(file) is valid; nothing that runs changed."
        case .broken:
            return "reload: \(file) was not applied, the last good config still runs: " + problemLines.joined(separator: " | ")
        case .applied(let diff, _):
            var parts: [String] = []
            if !diff.added.isEmpty { parts.append("turned on " + diff.added.map(titles).joined(separator: ", ")) }
            if !diff.removed.isEmpty { parts.append("turned off " + diff.removed.map(titles).joined(separator: ", ")) }
            let restarted = diff.order.compactMap { id in diff.restarted[id].map { "\(titles(id)) (\(Self.reason($0)))" } }
            if !restarted.isEmpty { parts.append("restarted " + restarted.joined(separator: ", ")) }
            if diff.localeChanged { parts.append("every feature formats for the new locale settings") }
            return "reload: applied \(file): " + parts.joined(separator: "; ") + "."
        }
    }

    private static func reason(_ restart: ConfigDiff.Restart) -> String {
        switch restart {
        case .source: return "new source"
        case .settings: return "new settings"
        case .code: return "rebuilt"
        }
    }
}
