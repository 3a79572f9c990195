import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

@Suite("Publish dates")
struct PublishDateFormatterTests {
    /// 2026-03-16 12:34 UTC.
    let now = Date(timeIntervalSince1970: 1_773_664_440)
    /// 2017-12-20 21:43 UTC: the spec's other-year example.
    let december2017 = Date(timeIntervalSince1970: 1_513_806_180)

    private func zone(_ identifier: String) throws -> TimeZone { try #require(TimeZone(identifier: identifier)) }

    private func utc(_ text: String) throws -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return try #require(formatter.date(from: text))
    }

    @Test(
        "the spec's examples in each locale's own 12/24-hour setting; month names stay English",
        arguments: [
            ("en_US", "16 March, 12:34 PM", "20 December 2017, 09:43 PM"),
            ("en_GB", "16 March, 12:34", "20 December 2017, 21:43"),
            ("de_DE", "16 March, 12:34", "20 December 2017, 21:43"),
        ])
    func locales(locale: String, thisYear: String, otherYear: String) throws {
        // The context the host gives a user of `locale` who set no hour cycle: the locale's own.
        let context = try TestHost().context(
            for: CarNewsFeature.self, locale: Locale(identifier: locale), timeZone: try zone("UTC"), hourCycle: nil)
        let formatter = PublishDateFormatter(timeZone: context.timeZone, hourCycle: context.hourCycle)
        #expect(formatter.string(from: now, now: now) == thisYear)
        #expect(formatter.string(from: december2017, now: now) == otherYear)
    }

    @Test("12-hour times are zero-padded with a plain space before AM/PM, never U+202F")
    func twelveHour() throws {
        let formatter = PublishDateFormatter(timeZone: try zone("UTC"), hourCycle: .twelveHour)
        let samples = [
            (try utc("2026-03-16 00:05"), "16 March, 12:05 AM"),
            (try utc("2026-03-16 12:00"), "16 March, 12:00 PM"),
            (try utc("2026-03-01 09:43"), "1 March, 09:43 AM"),
            (try utc("2026-03-16 21:43"), "16 March, 09:43 PM"),
        ]
        for (date, expected) in samples {
            let text = formatter.string(from: date, now: now)
            #expect(text == expected)
            #expect(!text.unicodeScalars.contains("\u{202F}"))
        }
    }

    @Test("24-hour times: midnight is 00, the day is not padded")
    func twentyFourHour() throws {
        let formatter = PublishDateFormatter(timeZone: try zone("UTC"), hourCycle: .twentyFourHour)
        #expect(formatter.string(from: try utc("2026-01-05 00:07"), now: now) == "5 January, 00:07")
        #expect(formatter.string(from: try utc("0999-06-30 23:59"), now: now) == "30 June 999, 23:59")
    }

    @Test(
        "dates are shown in the user's time zone",
        arguments: [
            ("UTC", "20 December 2017, 21:43"),
            ("Europe/Oslo", "20 December 2017, 22:43"),
            ("America/New_York", "20 December 2017, 16:43"),
            ("Asia/Tokyo", "21 December 2017, 06:43"),
            ("Asia/Kolkata", "21 December 2017, 03:13"),
        ])
    func timeZones(identifier: String, expected: String) throws {
        let formatter = PublishDateFormatter(timeZone: try zone(identifier), hourCycle: .twentyFourHour)
        #expect(formatter.string(from: december2017, now: now) == expected)
    }

    @Test("the current year is the year of now in the user's time zone")
    func yearBoundary() throws {
        // 2025-12-31 15:30 UTC is already 2026-01-01 00:30 in Tokyo.
        let newYearInTokyo = try utc("2025-12-31 15:30")
        let lastEvening = try utc("2025-12-31 14:50")  // 23:50 on 31 December in Tokyo
        let justAfter = try utc("2025-12-31 15:10")  // 00:10 on 1 January in Tokyo
        let tokyo = PublishDateFormatter(timeZone: try zone("Asia/Tokyo"), hourCycle: .twentyFourHour)
        #expect(tokyo.string(from: lastEvening, now: newYearInTokyo) == "31 December 2025, 23:50")
        #expect(tokyo.string(from: justAfter, now: newYearInTokyo) == "1 January, 00:10")
        // In UTC both are still 2025, the current year there.
        let utcFormatter = PublishDateFormatter(timeZone: try zone("UTC"), hourCycle: .twentyFourHour)
        #expect(utcFormatter.string(from: lastEvening, now: newYearInTokyo) == "31 December, 14:50")
        #expect(utcFormatter.string(from: justAfter, now: newYearInTokyo) == "31 December, 15:10")
        // The year's first instant belongs to it; the next year's first instant does not.
        #expect(utcFormatter.string(from: try utc("2026-01-01 00:00"), now: now) == "1 January, 00:00")
        #expect(utcFormatter.string(from: try utc("2027-01-01 00:00"), now: now) == "1 January 2027, 00:00")
        #expect(utcFormatter.string(from: try utc("2025-12-31 23:59"), now: now) == "31 December 2025, 23:59")
    }
}
