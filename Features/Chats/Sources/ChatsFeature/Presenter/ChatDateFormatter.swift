import FeatureHostCore
import Foundation

/// The date of a chat's latest message, relative to now, as chat apps show it:
/// - the same day: the time (`14:05`, or `2:05 PM` on a 12-hour clock);
/// - the day before: `Yesterday`;
/// - two to six days ago: the weekday (`Tuesday`);
/// - earlier this year: day and month (`Mar 2`, `2. März`);
/// - another year, or any later day (a clock that is behind): the numeric date (`11/3/2015`, `3.11.2015`).
/// Days are calendar days in the user's time zone, so "Yesterday" at 00:30 means 23 hours ago or more.
public final class ChatDateFormatter: Sendable {
    // Configured once here and never mutated; Foundation's formatters are Sendable.
    private let calendar: Calendar
    private let time: DateFormatter
    private let weekday: DateFormatter
    private let dayMonth: DateFormatter
    private let fullDate: DateFormatter
    private let dayMonthYear: DateFormatter
    private let yesterday: String

    public init(locale: Locale, timeZone: TimeZone, hourCycle: HourCycle, strings: ChatsStrings) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = timeZone
        self.calendar = calendar
        func formatter(template: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.calendar = calendar
            // Templates give en_US a narrow no-break space (U+202F) before AM/PM; a plain space reads the same
            // and keeps the text to one display cell per character everywhere.
            let pattern = DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: locale) ?? template
            formatter.dateFormat = pattern.replacingOccurrences(of: "\u{202F}", with: " ")
            return formatter
        }
        time = formatter(template: hourCycle == .twelveHour ? "hmma" : "HHmm")
        weekday = formatter(template: "EEEE")
        dayMonth = formatter(template: "MMMd")
        fullDate = formatter(template: "yMd")
        dayMonthYear = formatter(template: "yMMMd")
        yesterday = strings[.dateYesterday]
    }

    public func string(for date: Date, now: Date) -> String {
        let day = calendar.startOfDay(for: date)
        let today = calendar.startOfDay(for: now)
        let days = calendar.dateComponents([.day], from: day, to: today).day ?? 0
        switch days {
        case 0: return time.string(from: date)
        case 1: return yesterday
        case 2...6: return weekday.string(from: date)
        default:
            if days > 0, calendar.component(.year, from: date) == calendar.component(.year, from: now) {
                return dayMonth.string(from: date)
            }
            return fullDate.string(from: date)
        }
    }

    /// When a saved copy was made, as a moment that fits any sentence (no `Yesterday` or weekday, whose case and
    /// preposition depend on the language): the time today (`12:34`), else the day and the time (`Mar 2, 12:34`,
    /// `2. März, 12:34`), with the year when it is another year.
    public func moment(for date: Date, now: Date) -> String {
        let sameDay = calendar.isDate(date, inSameDayAs: now)
        guard !sameDay else { return time.string(from: date) }
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        return (sameYear ? dayMonth : dayMonthYear).string(from: date) + ", " + time.string(from: date)
    }
}
