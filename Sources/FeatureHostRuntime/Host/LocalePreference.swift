import FeatureHostCore
import Foundation

/// The locale, hour cycle and time zone the host lends features, each with the reason it was chosen.
///
/// Foundation on Linux reports `en_001` whatever the environment says, so the host reads the POSIX
/// variables itself. Every surface and command (`run`, `snapshot`, `list`) resolves through `resolve`, so
/// they agree on what a user with a given environment, config and flags sees.
public struct LocalePreference: Sendable, Equatable {
    public var locale: Locale
    public var localeReason: String
    public var hourCycle: HourCycle
    public var hourCycleReason: String
    public var timeZone: TimeZone
    public var timeZoneReason: String

    /// What a command line asked for; `nil` means the flag was not given.
    public struct Flags: Sendable, Equatable {
        public var locale: Locale?
        public var hourCycle: HourCycle?
        public var timeZone: TimeZone?

        public init(locale: Locale? = nil, hourCycle: HourCycle? = nil, timeZone: TimeZone? = nil) {
            self.locale = locale
            self.hourCycle = hourCycle
            self.timeZone = timeZone
        }
    }

    /// With no preference anywhere: the conventions the specs' examples use (`$472.08`, `Apr 25, 2021`,
    /// `09:43 PM`).
    public static let fallbackIdentifier = "en_US"

    /// The POSIX order: `LC_ALL` overrides every category; then the categories the features format
    /// (dates, words, money), in that order; then `LANG`.
    public static let environmentOrder = ["LC_ALL", "LC_TIME", "LC_MESSAGES", "LC_MONETARY", "LANG"]

    /// The variables `resolve` reads.
    public static let environmentKeys = environmentOrder + ["TZ"]

    /// - Parameters:
    ///   - environment: the process environment (`LC_*`, `LANG`, `TZ`).
    ///   - config: the config's top-level `locale` and `hourCycle`.
    ///   - flags: `--locale`, `--hour-cycle`, `--time-zone`; they win over everything.
    ///   - systemTimeZone: the zone when neither a flag nor `TZ` names one; only asked for then (the system's zone
    ///     costs a read of the environment and of `/etc/localtime`).
    public static func resolve(
        environment: [String: String], config: HostConfig.LocaleSettings = .init(), flags: Flags = .init(),
        systemTimeZone: @autoclosure () -> TimeZone = LocalePreference.systemTimeZone()
    ) -> LocalePreference {
        let (locale, localeReason) = chooseLocale(environment: environment, config: config, flags: flags)
        let hourCycle: HourCycle
        let hourCycleReason: String
        if let flag = flags.hourCycle {
            (hourCycle, hourCycleReason) = (flag, "--hour-cycle \(flag.rawValue)")
        } else if let configured = config.hourCycle {
            (hourCycle, hourCycleReason) = (configured, "config hourCycle \(configured.rawValue)")
        } else {
            hourCycle = HostEnvironment.hourCycle(for: locale)
            hourCycleReason = "the default of \(locale.identifier)"
        }
        let timeZone: TimeZone
        let timeZoneReason: String
        if let flag = flags.timeZone {
            (timeZone, timeZoneReason) = (flag, "--time-zone \(flag.identifier)")
        } else if let name = environment["TZ"], let zone = zone(fromTZ: name) {
            (timeZone, timeZoneReason) = (zone, "TZ=\(name)")
        } else {
            (timeZone, timeZoneReason) = (systemTimeZone(), "the system time zone")
        }
        return LocalePreference(
            locale: locale, localeReason: localeReason, hourCycle: hourCycle, hourCycleReason: hourCycleReason,
            timeZone: timeZone, timeZoneReason: timeZoneReason)
    }

    private static func chooseLocale(environment: [String: String], config: HostConfig.LocaleSettings, flags: Flags)
        -> (Locale, String)
    {
        if let flag = flags.locale { return (flag, "--locale \(flag.identifier)") }
        if let configured = config.locale { return (Locale(identifier: configured), "config locale \(configured)") }
        // The first variable that is set decides, as in POSIX; `C` and `POSIX` there mean "no preference".
        for name in environmentOrder {
            guard let value = environment[name], !value.isEmpty else { continue }
            guard let identifier = identifier(fromPOSIX: value) else {
                return (Locale(identifier: fallbackIdentifier), "\(name)=\(value) states no preference; \(fallbackIdentifier) conventions")
            }
            guard isKnown(identifier) else {
                return (Locale(identifier: fallbackIdentifier), "\(name)=\(value) is not a known locale; \(fallbackIdentifier) conventions")
            }
            return (Locale(identifier: identifier), "\(name)=\(value)")
        }
        return (
            Locale(identifier: fallbackIdentifier),
            "no LC_ALL, LC_TIME, LC_MESSAGES, LC_MONETARY or LANG; \(fallbackIdentifier) conventions"
        )
    }

    /// `de_DE.UTF-8@euro` → `de_DE`; `C`, `POSIX` and `C.UTF-8` → `nil` (no preference).
    public static func identifier(fromPOSIX value: String) -> String? {
        var text = Substring(value)
        if let at = text.firstIndex(of: "@") { text = text[..<at] }
        if let dot = text.firstIndex(of: ".") { text = text[..<dot] }
        let identifier = String(text)
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else { return nil }
        return identifier
    }

    /// A locale Foundation's formatters know, written `de_DE` or `de-DE`. The table answers the common case without
    /// asking ICU for every locale it has (see `KnownLocaleTable`).
    public static func isKnown(_ identifier: String) -> Bool {
        let underscored = String(identifier.map { $0 == "-" ? "_" : $0 })
        if KnownLocaleTable.contains(underscored) { return true }  // ICU's identifiers use underscores only
        let available = Locale.availableIdentifiers
        return available.contains(identifier) || available.contains(underscored)
    }

    /// The zone `/etc/localtime` links to (`/usr/share/zoneinfo/Europe/Oslo`), as `TimeZone.current` finds it when
    /// `TZ` is unset, without the two copies of the whole environment Foundation makes on the way (a tenth of
    /// `list`'s own work at start-up); Foundation's own answer when the file is not such a link.
    public static func systemTimeZone(link: String = "/etc/localtime") -> TimeZone {
        var buffer = [CChar](repeating: 0, count: 1024)
        let count = readlink(link, &buffer, buffer.count - 1)
        if count > 0 {
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let range = target.range(of: "/zoneinfo/"), let zone = TimeZone(identifier: String(target[range.upperBound...])) {
                return zone
            }
        }
        return .current
    }

    /// `TZ` as an Olson name (`Europe/Oslo`, or `:Europe/Oslo` as glibc also accepts); other forms are left
    /// to the system zone.
    static func zone(fromTZ value: String) -> TimeZone? {
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        guard !name.isEmpty, !name.hasPrefix("/") else { return nil }
        return TimeZone(identifier: name)
    }

    /// One line per choice, for `featurehost list`.
    public var summary: [String] {
        [
            "locale      \(locale.identifier)  (\(localeReason))",
            "hour cycle  \(hourCycle.rawValue)-hour  (\(hourCycleReason))",
            "time zone   \(timeZone.identifier)  (\(timeZoneReason))",
        ]
    }
}
