import FeatureHostCore
import FeatureHostRuntime

/// `list`: one line per configured feature: id, enabled or disabled, source kind, where it reads, and
/// for a feature from a plugin the library it came from; then the locale, hour cycle and time zone features get,
/// and why.
enum ListCommand {
    @MainActor
    static func run(_ arguments: CommandLineArguments, app: FeatureHostApp) throws -> Int32 {
        try arguments.check(allowed: Set(["config"]).union(LocaleFlags.names), command: "list", app: app)
        try arguments.checkNoMoreWords(after: 1, command: "list", app: app)
        let flags = try LocaleFlags.parse(arguments, command: "list")
        let options = try HostOptions(arguments: arguments, app: app)
        for issue in options.pluginIssues { standardError(issue.description) }
        let resolved = ResolvedFeature.all(in: options.config, registry: options.registry)
        let idWidth = resolved.map(\.id.rawValue.count).max() ?? 0
        for feature in resolved {
            let state = feature.entry.enabled ? "enabled " : "disabled"
            let id = padded(feature.id.rawValue, to: idWidth)
            // A plugin's descriptor names its file as its origin; the config's "plugins" has the whole path.
            let origin = feature.descriptor.origin == "built-in" ? "" : "  from the plugin \(feature.descriptor.name)"
            if let source = feature.source {
                let cached = source.kind == .http && source.cache ? " (cached)" : ""
                print("\(id)  \(state)  \(padded(source.kind.rawValue, to: 9))  \(source.location)\(cached)\(origin)")
            } else {
                print("\(id)  \(state)  none       (no data source)\(origin)")
            }
        }
        print("")
        for line in LocaleFlags.preference(flags, options: options).summary { print(line) }
        return 0
    }

    /// Spaces after `text` up to `width` characters. (Foundation's `padding(toLength:)` goes through NSString: a
    /// tenth of `list`'s own work at start-up.)
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
