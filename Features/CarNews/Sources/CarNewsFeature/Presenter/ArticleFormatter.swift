import FeatureHostCore
import Foundation

/// Turns articles into what the screen shows: server text tidied, dates in the user's format and time zone.
struct ArticleFormatter {
    let dates: PublishDateFormatter
    let now: @Sendable () -> Date
    /// Counts are grouped as the user's locale does (`10,000`, `10.000`).
    let locale: Locale
    /// The rows' text as last formatted: an action that leaves the window and the year alone (opening an article,
    /// moving the selection) reuses it instead of formatting the window's 160 dates and titles again, which cost
    /// several times the page's render.
    private let lastText = RowTextMemo()

    init(dates: PublishDateFormatter, now: @escaping @Sendable () -> Date, locale: Locale) {
        self.dates = dates
        self.now = now
        self.locale = locale
    }

    /// `10,000`.
    func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }

    /// Every row of a list, with one "current year" for the whole pass; each row's picture as it is now.
    func rows(_ summaries: [ArticleSummary], images: ArticleImages) -> [CarNewsViewState.Row] {
        let currentYear = dates.currentYear(at: now())
        let texts = lastText.texts(for: summaries, currentYear: currentYear) { summary in
            RowText(
                title: DisplayText.line(summary.title), date: dates.string(from: summary.published, currentYear: currentYear),
                imageLabel: ImageLabel.text(for: summary.image))
        }
        return zip(summaries, texts).map { summary, text in
            CarNewsViewState.Row(
                id: summary.id, title: text.title, date: text.date, imageLabel: text.imageLabel, image: images.state(of: summary.image))
        }
    }

    /// The open article: its saved text when there is one, else what the row knows.
    func detail(
        _ summary: ArticleSummary, article: Article?, image: ImageState?, isLoading: Bool, problem: String?, canRefresh: Bool
    ) -> CarNewsViewState.Detail {
        let tags = (article?.tags ?? []).map(DisplayText.line).filter { !$0.isEmpty }
        return CarNewsViewState.Detail(
            id: summary.id, title: DisplayText.line(article?.title ?? summary.title),
            date: dates.string(from: article?.published ?? summary.published, now: now()),
            imageLabel: ImageLabel.text(for: article?.image ?? summary.image), image: image, isLoading: isLoading,
            ingress: DisplayText.paragraphs(article?.ingress ?? ""),
            sections: (article?.content ?? []).map {
                .init(subject: DisplayText.line($0.subject), description: DisplayText.paragraphs($0.description))
            },
            tags: tags.isEmpty ? nil : "Tags: " + tags.joined(separator: ", "), problem: problem, canRefresh: canRefresh)
    }

    /// When a saved list was refreshed, as a row's date reads: `16 March, 12:34`.
    func savedWhen(_ date: Date) -> String { dates.string(from: date, now: now()) }

    /// The offline banner's title: when the list was last good.
    func offlineTitle(lastRefresh: Date?) -> String {
        lastRefresh.map { "Offline — last updated \(dates.string(from: $0, now: now()))" } ?? "Offline — showing saved articles"
    }
}

/// What a row shows besides its picture.
struct RowText: Equatable {
    var title: String
    var date: String
    var imageLabel: String
}

/// The rows' text for the summaries and year it was made for. Used only on the presenter's actor: the formatter lives
/// in one presenter and formats there.
final class RowTextMemo {
    private var summaries: [ArticleSummary] = []
    private var currentYear: Range<Date>?
    private var texts: [RowText] = []

    /// The text made for `summaries` in `currentYear`, from the last call when both are the same (an unchanged window
    /// compares as one buffer), else made now with `make`.
    func texts(for summaries: [ArticleSummary], currentYear: Range<Date>, make: (ArticleSummary) -> RowText) -> [RowText] {
        if currentYear == self.currentYear, summaries == self.summaries { return texts }
        texts = summaries.map(make)
        self.summaries = summaries
        self.currentYear = currentYear
        return texts
    }
}
