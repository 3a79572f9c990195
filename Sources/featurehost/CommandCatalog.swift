import FeatureHostCore

/// The option names that take a value, and the commands that drive features: run and snapshot.
enum CommandCatalog {
    static let valuedOptions: Set<String> = [
        "config", "data-dir", "only", "port", "size", "now", "locale", "hour-cycle", "time-zone", "input", "advance",
        "color",
        "plugin-isolation",
    ]

    @MainActor
    static func runInteractive(_ arguments: CommandLineArguments) async throws -> Int32 {
        switch arguments.positionals.first {
        case nil, "run": return try await RunCommand.run(arguments)
        case "snapshot": return try await SnapshotCommand.run(arguments)
        case "serve": return try await ServeCommand.run(arguments)
        case let command?:
            throw UsageError("unknown command \"\(command)\". Run `featurehost --help` for the commands.")
        }
    }
}
