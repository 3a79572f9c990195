import FeatureHostCore
import Foundation

/// The spec's publish dates: `16 March, 12:34` within the current year, `20 December 2017, 21:43` otherwise, with
/// the time in the user's 12/24-hour setting (`09:43 PM` or `21:43`), in the user's time zone.
///
/// Month names and the day-month order stay English as in the spec (its only language), whatever the locale; the
/// fixed patterns use the POSIX locale, which also keeps a plain space before AM/PM (templates in en_US would put
/// U+202F there). Built once per presenter; each `DateFormatter` is reused for every row.
public struct PublishDateFormatter {
    private let thisYear: DateFormatter
    private let otherYear: DateFormatter
    private let calendar: Calendar

    public init(timeZone: TimeZone, hourCycle: HourCycle) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.timeZone = timeZone
        self.calendar = calendar
        let time = hourCycle == .twelveHour ? "hh:mm a" : "HH:mm"
        thisYear = Self.formatter("d MMMM, \(time)", calendar: calendar)
        otherYear = Self.formatter("d MMMM y, \(time)", calendar: calendar)
    }

    /// The span of the year that contains `now`, in the user's time zone: dates inside it leave the year out.
    public func currentYear(at now: Date) -> Range<Date> {
        guard let interval = calendar.dateInterval(of: .year, for: now) else { return now..<now }
        return interval.start..<interval.end
    }

    public func string(from date: Date, currentYear: Range<Date>) -> String {
        (currentYear.contains(date) ? thisYear : otherYear).string(from: date)
    }

    public func string(from date: Date, now: Date) -> String {
        string(from: date, currentYear: currentYear(at: now))
    }

    private static func formatter(_ format: String, calendar: Calendar) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = calendar.locale
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = format
        return formatter
    }
}
