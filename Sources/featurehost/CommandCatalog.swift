import FeatureHostCore

/// The commands the shell issue adds (run, snapshot) hang off here.
enum CommandCatalog {
    static let valuedOptions: Set<String> = [
        "config", "data-dir", "only", "size", "now", "locale", "hour-cycle", "time-zone", "input", "advance",
    ]

    @MainActor
    static func runInteractive(_ arguments: CommandLineArguments) async throws -> Int32 {
        if let command = arguments.positionals.first, command != "run" {
            throw UsageError("unknown command \"\(command)\". Run `featurehost --help` for the commands.")
        }
        throw UsageError("the interactive shell is not built yet; use list or validate.")
    }
}

extension Error {
    var userFacingMessageForCommandLine: String { userFacingMessage }
}
