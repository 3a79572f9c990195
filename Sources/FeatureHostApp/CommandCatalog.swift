import FeatureHostCore

/// The option names that take a value, and the commands that drive features: run and snapshot.
enum CommandCatalog {
    static let valuedOptions: Set<String> = [
        "config", "data-dir", "only", "port", "size", "now", "locale", "hour-cycle", "time-zone", "input", "advance",
        "color", "max-pages",
        // Gone (plugins always run in a process of their own), still read with its value so `check` can say so.
        CommandLineArguments.removedPluginIsolation,
    ]

    @MainActor
    static func runInteractive(_ arguments: CommandLineArguments, app: FeatureHostApp) async throws -> Int32 {
        switch arguments.positionals.first {
        case nil, "run": return try await RunCommand.run(arguments, app: app)
        case "snapshot": return try await SnapshotCommand.run(arguments, app: app)
        case "serve": return try await ServeCommand.run(arguments, app: app)
        case let command?:
            throw UsageError("unknown command \"\(command)\". Run `\(app.commandName) --help` for the commands.")
        }
    }
}
