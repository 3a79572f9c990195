import FeatureHostCore
import Foundation

/// Turns articles into what the screen shows: server text tidied, dates in the user's format and time zone.
struct ArticleFormatter {
    let dates: PublishDateFormatter
    let now: @Sendable () -> Date

    /// Every row of a list, with one "current year" for the whole pass (once per list change, not per key).
    func rows(_ summaries: [ArticleSummary], images: ArticleImages) -> [CarNewsViewState.Row] {
        let currentYear = dates.currentYear(at: now())
        return summaries.map { summary in
            CarNewsViewState.Row(
                id: summary.id, title: DisplayText.line(summary.title),
                date: dates.string(from: summary.published, currentYear: currentYear),
                imageLabel: ImageLabel.text(for: summary.image), image: images.state(of: summary.image))
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
