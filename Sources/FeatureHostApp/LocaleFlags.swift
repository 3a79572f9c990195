import FeatureHostCore
import FeatureHostRuntime
import Foundation

/// `--locale`, `--hour-cycle` and `--time-zone`, read the same way by `run`, `snapshot` and `list`, with
/// every bad value reported as a message naming the command.
enum LocaleFlags {
    static let names: Set<String> = ["locale", "hour-cycle", "time-zone"]

    static func parse(_ arguments: CommandLineArguments, command: String) throws -> LocalePreference.Flags {
        var flags = LocalePreference.Flags()
        if let identifier = arguments.value("locale") {
            guard LocalePreference.isKnown(identifier) else {
                throw UsageError("\(command): --locale \(identifier) is not a known locale (e.g. en_US, de_DE).")
            }
            flags.locale = Locale(identifier: identifier)
        }
        if let cycle = arguments.value("hour-cycle") {
            guard let value = HourCycle(rawValue: cycle) else {
                throw UsageError("\(command): --hour-cycle must be 12 or 24, found \(cycle).")
            }
            flags.hourCycle = value
        }
        if let zone = arguments.value("time-zone") {
            guard let value = TimeZone(identifier: zone) else {
                throw UsageError("\(command): --time-zone \(zone) is not a known time zone (e.g. UTC, Europe/Oslo).")
            }
            flags.timeZone = value
        }
        return flags
    }

    /// The choice for this process: its environment, the config's keys, then these flags.
    static func preference(_ flags: LocalePreference.Flags, options: HostOptions) -> LocalePreference {
        LocalePreference.resolve(
            environment: options.environment, config: options.config.localeSettings, flags: flags)
    }
}
