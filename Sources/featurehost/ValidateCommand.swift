import FeatureHostRuntime

/// `featurehost validate`: `ok` and exit 0, or every problem on standard error and exit 1.
enum ValidateCommand {
    static func run(_ arguments: CommandLineArguments) throws -> Int32 {
        try arguments.check(allowed: ["config"], command: "validate")
        _ = try HostOptions(arguments: arguments)
        print("ok")
        return 0
    }
}
