import FeatureHostRuntime

/// `featurehost list`: one line per configured feature: id, enabled or disabled, source kind, where it reads, and
/// for a feature from a plugin the library it came from; then the locale, hour cycle and time zone features get,
/// and why.
enum ListCommand {
    @MainActor
    static func run(_ arguments: CommandLineArguments) throws -> Int32 {
        try arguments.check(allowed: Set(["config", "data-dir", "plugin-isolation"]).union(LocaleFlags.names), command: "list")
        let flags = try LocaleFlags.parse(arguments, command: "list")
        let options = try HostOptions(arguments: arguments)
        for issue in options.pluginIssues { standardError(issue.description) }
        let resolved = ResolvedFeature.all(in: options.config, registry: options.registry)
        let idWidth = resolved.map(\.id.rawValue.count).max() ?? 0
        for feature in resolved {
            let state = feature.entry.enabled ? "enabled " : "disabled"
            let id = feature.id.rawValue.padding(toLength: idWidth, withPad: " ", startingAt: 0)
            // A plugin's registration names its file as its origin; the config's "plugins" has the whole path.
            let origin = feature.registration.origin == "built-in" ? "" : "  from the plugin \(feature.registration.name)"
            if let source = feature.source {
                let cached = source.kind == .http && source.cache ? " (cached)" : ""
                print(
                    "\(id)  \(state)  \(source.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  \(source.location)\(cached)\(origin)")
            } else {
                print("\(id)  \(state)  none       (no data source)\(origin)")
            }
        }
        print("")
        for line in LocaleFlags.preference(flags, options: options).summary { print(line) }
        return 0
    }
}
