import Foundation

/// How dates, times and numbers read for the user: the locale and the clock (what the config's `locale` and
/// `hourCycle`, the command line or a page's browser chose), and the time zone.
public struct FormatConventions: Sendable, Equatable {
    public var locale: Locale
    public var timeZone: TimeZone
    public var hourCycle: HourCycle

    public init(locale: Locale, timeZone: TimeZone, hourCycle: HourCycle) {
        self.locale = locale
        self.timeZone = timeZone
        self.hourCycle = hourCycle
    }
}

extension FeatureContext {
    /// The conventions this context was made with.
    public var conventions: FormatConventions { FormatConventions(locale: locale, timeZone: timeZone, hourCycle: hourCycle) }
}
