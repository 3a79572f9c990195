import Foundation
import Testing

@testable import CarNewsFeature

@Suite("Reading dateTime")
struct ArticleDateParserTests {
    /// The reference: what the issue names, a POSIX-locale `DateFormatter` in UTC.
    static func reference() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd.MM.yyyy HH:mm"
        formatter.isLenient = false
        return formatter
    }

    @Test("agrees with a POSIX DateFormatter on 5,000 dates from 1900 to 2100, leap days included")
    func agreesWithDateFormatter() {
        let formatter = Self.reference()
        let parser = ArticleDateParser()
        var seed: UInt64 = 0x5EED
        var checked = 0
        for _ in 0..<5_000 {
            // A small linear congruential generator: the same dates on every run.
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let minutes = Int(seed >> 33) % (201 * 525_960)
            let date = Date(timeIntervalSince1970: TimeInterval(-2_208_988_800 + minutes * 60))
            let text = formatter.string(from: date)
            #expect(parser.date(from: text) == formatter.date(from: text), "\(text)")
            #expect(parser.date(from: text) == date, "\(text)")
            checked += 1
        }
        for text in ["29.02.2000 00:00", "29.02.2024 23:59", "31.12.1999 23:59", "01.01.1970 00:00", "25.05.2018 14:13"] {
            #expect(parser.date(from: text) == formatter.date(from: text), "\(text)")
        }
        #expect(parser.date(from: "25.05.2018 14:13") == Date(timeIntervalSince1970: 1_527_257_580))
        #expect(checked == 5_000)
    }

    @Test(
        "anything but a real date in exactly that form is refused",
        arguments: [
            "32.01.2020 10:00", "29.02.2019 10:00", "29.02.2100 00:00", "31.04.2020 10:00", "00.05.2018 10:00",
            "25.00.2018 10:00", "25.13.2018 10:00", "25.05.2018 24:00", "25.05.2018 14:60", "1.05.2018 14:13",
            "25.5.2018 14:13", " 25.05.2018 14:13", "25.05.2018 14:13 ", "25-05-2018 14:13", "25.05.2018T14:13",
            "25.05.18 14:13", "25.05.2018 14:13:00", "２５.05.2018 14:13", "25.05.2018", "", "2018-05-25T14:13:00Z",
        ])
    func refused(text: String) {
        #expect(ArticleDateParser().date(from: text) == nil)
    }
}
