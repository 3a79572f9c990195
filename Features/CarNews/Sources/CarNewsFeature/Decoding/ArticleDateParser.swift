import Foundation

/// Reads the API's `dateTime`: `dd.MM.yyyy HH:mm` in UTC (spec, "Article"), with the POSIX locale so the user's
/// settings can never change how it is read. Built once per decode, not per article.
struct ArticleDateParser {
    private let formatter: DateFormatter

    init() {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd.MM.yyyy HH:mm"
        formatter.isLenient = false
    }

    func date(from text: String) -> Date? {
        formatter.date(from: text)
    }
}
