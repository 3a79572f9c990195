import FeatureHostCore
import FeatureHostRuntime
import Foundation
import WebUI

/// The whole host as a library: an app names itself and the features it compiles in, and `run` is its command line
/// (the shell, `serve`, `snapshot`, `list`, `validate`, `reload`, `store`), reading FeatureHost's config and loading its
/// plugins, under the app's own name (docs/embedding.md):
///
/// ```swift
/// import FeatureHostApp
/// let app = FeatureHostApp(name: "MyApp", features: [ChatsFeature.self, TransactionsFeature.self])
/// exit(await app.run(Array(CommandLine.arguments.dropFirst())))
/// ```
///
/// `featurehost` is this over the five built-in features.
public struct FeatureHostApp {
    /// The app's name and the names that follow from it (command, data folder, variables).
    public let identity: AppIdentity
    /// The compiled-in features, in home-screen order; plugins the config names come after them.
    public let features: [any Feature.Type]
    /// What `--version` prints after the command name.
    public var version: String

    /// - Parameter configFileName: the file looked for in the current directory (`featurehost.json` unless the app
    ///   names another); `--config` and `$<COMMAND>_CONFIG` come first.
    public init(name: String, features: [any Feature.Type], version: String = "0.1.0", configFileName: String = "featurehost.json") {
        identity = AppIdentity(name: name, configFileName: configFileName)
        self.features = features
        self.version = version
    }

    /// The name as a person reads it: "MyApp".
    public var name: String { identity.name }
    /// The command in usage lines and error prefixes: "myapp".
    public var commandName: String { identity.commandName }

    /// Runs one command line (without the program's own name) and returns its exit status: 0, or 1 with every
    /// problem on standard error.
    @MainActor
    public func run(_ raw: [String]) async -> Int32 {
        do {
            let arguments = try CommandLineArguments(raw, valued: CommandCatalog.valuedOptions)
            if arguments.has("help") || arguments.positionals.first == "help" {
                print(Usage.text(for: self))
                return 0
            }
            if arguments.has("version") {
                print("\(commandName) \(version)")
                return 0
            }
            switch arguments.positionals.first {
            case "list": return try ListCommand.run(arguments, app: self)
            case "validate": return try ValidateCommand.run(arguments, app: self)
            case "reload": return try ReloadCommand.run(arguments, app: self)
            case "store": return try StoreCommand.run(arguments, app: self)
            default: return try await CommandCatalog.runInteractive(arguments, app: self)
            }
        } catch let errors as ConfigErrors {
            standardError(errors.description(command: commandName))
            return 1
        } catch {
            standardError("\(commandName): \(error.userFacingMessage)")
            return 1
        }
    }

    var registry: FeatureRegistry { FeatureRegistry(features) }

    /// The compiled-in features that have a web scene.
    var webTypes: [any WebFeature.Type] { features.compactMap { $0 as? any WebFeature.Type } }
}

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
