import Foundation

/// The page's own words: what the terminal says with keys (`Press r to retry.`), the web says with buttons.
enum CarNewsWebCopy {
    static let refresh = "Refresh"
    static let retry = "Retry"
    static let refreshList = "Refresh the list"
    static let back = "All articles"
    static let articleHeading = "Car News › Article"
    static let loadingArticle = "Loading the article…"
    static let noImage = "No image"
    static let pictureFailed = "Picture not available"
    static let newer = "‹ Newer"
    static let older = "Older ›"
    static let pagerLabel = "Pages of articles"
    static let listLabel = "Articles, newest first"
    static let noticesLabel = "Notes"

    /// `Articles 21–40 of 10,000`, grouped as `locale` does.
    static func pageRange(first: Int, last: Int, of count: Int, locale: Locale) -> String {
        func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }
        return "Articles \(number(first))–\(number(last)) of \(number(count))"
    }
}
