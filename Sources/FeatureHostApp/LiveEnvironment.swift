import DataSources
import FeatureHostCore
import FeatureHostRuntime

/// What `run` and `serve` both start from: the config and plugins, the data directory made ready, the
/// locale flags, and the live environment (real clock, network, image cache) features are lent.
struct LiveEnvironment {
    let options: HostOptions
    let flags: LocalePreference.Flags
    let preference: LocalePreference
    let environment: HostEnvironment

    @MainActor
    init(_ arguments: CommandLineArguments, command: String, app: FeatureHostApp) throws {
        flags = try LocaleFlags.parse(arguments, command: command)
        options = try HostOptions(arguments: arguments, app: app, writesLogs: true)
        // Not required: a data directory that cannot be made (read-only, a file in its place) costs the saves, each of
        // which says so, not the features.
        try? DataLayout.prepare(options.dataDirectory)
        preference = LocaleFlags.preference(flags, options: options)
        environment = HostEnvironment.live(
            dataDirectory: options.dataDirectory, locale: preference.locale, timeZone: preference.timeZone,
            hourCycle: preference.hourCycle)
    }
}
