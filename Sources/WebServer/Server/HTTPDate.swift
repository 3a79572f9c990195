import Foundation

/// The `Date` header every response carries (RFC 9110 §6.6.1), in IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`.
///
/// Formatted by hand from the epoch seconds, once per second: a `DateFormatter` per response would cost more than
/// the rest of a static file's answer. Not thread-safe; the I/O thread owns one.
struct HTTPDate {
    private let now: @Sendable () -> Date
    private var cachedSecond: Int64?
    private var cachedLine: ByteChunk?

    /// - Parameter now: the wall clock (a fixed date in tests).
    init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// `Date: …\r\n` for this second, the same chunk until the second changes.
    mutating func headerLine() -> ByteChunk {
        let second = Self.epochSecond(now())
        if let cachedLine, cachedSecond == second { return cachedLine }
        let line = ByteChunk(Array("Date: \(Self.imfFixdate(epochSecond: second))\r\n".utf8))
        cachedSecond = second
        cachedLine = line
        return line
    }

    /// Whole seconds since 1970, saturated: a clock far outside the representable range gives a bounded date, not a trap.
    static func epochSecond(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite else { return 0 }
        // Years 0001 to 9999: IMF-fixdate has four digits for the year.
        return Int64(min(max(seconds, -62_135_596_800), 253_402_300_799))
    }

    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The proleptic Gregorian calendar in UTC (Howard Hinnant's `civil_from_days`), for years 0001 to 9999.
    static func imfFixdate(epochSecond: Int64) -> String {
        let days = epochSecond >= 0 ? epochSecond / 86_400 : (epochSecond - 86_399) / 86_400
        let secondOfDay = Int(epochSecond - days * 86_400)
        let weekday = Int(((days % 7) + 7) % 7)  // 1970-01-01 was a Thursday.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        return "\(weekdays[weekday]), \(pad(day, 2)) \(months[month - 1]) \(pad(year, 4)) "
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)) GMT"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
