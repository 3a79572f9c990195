import FeatureHostRuntime

/// `featurehost list`: one line per configured feature: id, enabled or disabled, source kind, where it reads.
enum ListCommand {
    static func run(_ arguments: CommandLineArguments) throws -> Int32 {
        try arguments.check(allowed: ["config", "data-dir"], command: "list")
        let options = try HostOptions(arguments: arguments)
        for issue in options.pluginIssues { standardError(issue.description) }
        let resolved = ResolvedFeature.all(in: options.config, registry: options.registry)
        let idWidth = resolved.map(\.id.rawValue.count).max() ?? 0
        for feature in resolved {
            let state = feature.entry.enabled ? "enabled " : "disabled"
            let id = feature.id.rawValue.padding(toLength: idWidth, withPad: " ", startingAt: 0)
            if let source = feature.source {
                let cached = source.kind == .http && source.cache ? " (cached)" : ""
                print("\(id)  \(state)  \(source.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  \(source.location)\(cached)")
            } else {
                print("\(id)  \(state)  none       (no data source)")
            }
        }
        return 0
    }
}
