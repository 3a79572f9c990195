import FeatureHostCore
import FeatureHostRuntime
import Foundation

/// The config and data directory a command works with, resolved by the documented lookup order.
struct HostOptions {
    let registry: FeatureRegistry
    let config: HostConfig
    let dataDirectory: URL

    static let environment = ProcessInfo.processInfo.environment
    static var currentDirectory: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    /// Loads and validates the config; throws `ConfigErrors` with every problem.
    init(arguments: CommandLineArguments, registry: FeatureRegistry = BuiltInFeatures.registry) throws {
        self.registry = registry
        let loader = ConfigLoader(registry: registry)
        var issues = registry.problems.map { ConfigIssue(file: "registry", path: "", message: $0) }
        var config = loader.defaultConfig()
        switch ConfigLocator.locate(explicit: arguments.value("config"), environment: Self.environment, currentDirectory: Self.currentDirectory) {
        case .builtInDefault:
            break
        case .file(let file, _):
            do {
                config = try loader.load(file)
            } catch let errors as ConfigErrors {
                issues += errors.issues
            }
        }
        guard issues.isEmpty else { throw ConfigErrors(issues) }
        self.config = config
        dataDirectory = DataDirectory.resolve(
            explicit: arguments.value("data-dir"), environment: Self.environment, currentDirectory: Self.currentDirectory)
    }
}
