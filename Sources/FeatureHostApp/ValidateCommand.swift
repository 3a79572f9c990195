import FeatureHostRuntime

/// `validate`: `ok` and exit 0, or every problem on standard error and exit 1.
enum ValidateCommand {
    @MainActor
    static func run(_ arguments: CommandLineArguments, app: FeatureHostApp) throws -> Int32 {
        try arguments.check(allowed: ["config"], command: "validate", app: app)
        try arguments.checkNoMoreWords(after: 1, command: "validate", app: app)
        let options = try HostOptions(arguments: arguments, app: app)
        // A plugin that fails does not stop the shell, but a config that names it is not ok.
        guard options.pluginIssues.isEmpty else { throw ConfigErrors(options.pluginIssues) }
        print("ok")
        return 0
    }
}
