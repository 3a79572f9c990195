import FeatureHostCore
import Foundation
import Testing

@testable import CarNewsFeature

/// The rows' text is formatted once per window and year: an action that changes neither reuses it.
@Suite("Article rows")
struct ArticleFormatterTests {
    static var dates: PublishDateFormatter {
        PublishDateFormatter(timeZone: TimeZone(identifier: "UTC") ?? .current, hourCycle: .twentyFourHour)
    }
    static let march2026 = Date(timeIntervalSince1970: 1_773_664_440)

    @Test func theSameWindowInTheSameYearIsFormattedOnce() {
        let memo = RowTextMemo()
        let window = (0..<160).map { CarNewsModelTests.summary($0, of: 160) }
        let year = Self.dates.currentYear(at: Self.march2026)
        var made = 0
        let make = { (summary: ArticleSummary) -> RowText in
            made += 1
            return RowText(title: summary.title, date: "", imageLabel: "")
        }
        let first = memo.texts(for: window, currentYear: year, make: make)
        let again = memo.texts(for: window, currentYear: year, make: make)
        #expect(made == 160 && again == first)

        var retitled = window
        retitled[3].title = "Renamed"
        #expect(memo.texts(for: retitled, currentYear: year, make: make)[3].title == "Renamed")
        #expect(made == 320)

        let nextYear = Self.dates.currentYear(at: Self.march2026.addingTimeInterval(366 * 86_400))
        _ = memo.texts(for: retitled, currentYear: nextYear, make: make)
        #expect(made == 480)
    }

    @Test func aNewYearReformatsTheDatesAndAPictureChangesWithoutReformatting() {
        let clock = Locked(Self.march2026)
        let formatter = ArticleFormatter(dates: Self.dates, now: { clock.withLock { $0 } }, locale: Locale(identifier: "en_GB"))
        let thisYear = ArticleSummary(id: 1, title: "Car", image: "https://example.com/a.jpg", published: Self.march2026)
        var images = ArticleImages()
        let before = formatter.rows([thisYear], images: images)
        images.finish("https://example.com/a.jpg", with: .failed("gone"))
        let loading = formatter.rows([thisYear], images: images)
        #expect(loading[0].date == before[0].date && loading[0].image != before[0].image)

        clock.withLock { $0 = Self.march2026.addingTimeInterval(366 * 86_400) }
        let nextYear = formatter.rows([thisYear], images: images)
        #expect(nextYear[0].date == Self.dates.string(from: Self.march2026, now: Self.march2026.addingTimeInterval(366 * 86_400)))
        #expect(nextYear[0].date != before[0].date)
    }
}
