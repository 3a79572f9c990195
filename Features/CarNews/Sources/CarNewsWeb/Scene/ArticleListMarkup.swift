import CarNewsFeature
import FeatureHostCore
import Foundation
import WebUI

/// The cards, newest first (the presenter's order), one page at a time (`ArticlePaging`), and the pager above
/// and under them when there is more than one page (the one above is in reach after paging to the top). Each card is one button: the picture with the title over its bottom, the date
/// under it. Cards are keyed by article id, so an update keeps the focused one, and so are their buttons (whose
/// attributes change when the article covers the list or the selection moves).
enum ArticleListMarkup {
    static func list(_ state: CarNewsViewState, coverage: Coverage, locale: Locale) -> HTML {
        let paging = ArticlePaging(count: state.rowCount, selectedIndex: state.selectedIndex)
        return HTML.build {
            if paging.pageCount > 1 { pager(paging, coverage: coverage, locale: locale, place: .top) }
            // A new page is shown from its start (the client scrolls an element whose `data-fh-page` changes).
            Tag.ul(.class("car-news-cards"), .aria("label", CarNewsWebCopy.listLabel), .data("fh-page", String(paging.page))) {
                // The presenter holds the rows around the selection, which covers the page; after a far jump, for
                // the moment their window is read, the page lists what it has.
                for index in paging.range {
                    if let row = state.row(at: index) {
                        card(row, isSelected: index == state.selectedIndex, coverage: coverage)
                    }
                }
            }
            .id("car-news-cards")
            if paging.pageCount > 1 { pager(paging, coverage: coverage, locale: locale, place: .bottom) }
        }
    }

    private static func card(_ row: CarNewsViewState.Row, isSelected: Bool, coverage: Coverage) -> HTML {
        Tag.li(.class("car-news-item")) {
            Tag.button(
                .class("car-news-card"), .type("button"), .data("action", CarNewsWebAction.open(articleID: row.id).name),
                isSelected ? .aria("current", "true") : .aria("current", "false"), coverage.tabOrder,
                // Keyboard focus follows the selection ↑/↓ move (the client's `data-fh-focus`).
                .when(isSelected && coverage == .shown, .data("fh-focus", ""))
            ) {
                Tag.span(.class("car-news-frame")) {
                    ArticlePictureMarkup.picture(row.image, label: row.imageLabel).id("car-news-picture-\(row.id)")
                    Tag.span(.class("car-news-title")) { row.title }
                }
                Tag.span(.class("car-news-date")) { row.date }
            }
            .id("car-news-open-\(row.id)")
        }
        .id("car-news-article-\(row.id)")
    }

    /// Newer and older pages. A button past the end is `aria-disabled` (and ignored) rather than `disabled`, so
    /// the focus stays on it when the last page is reached.
    /// Where a pager sits; the one above the cards has its keys suffixed `-top`.
    enum PagerPlace {
        case top
        case bottom

        var keySuffix: String { self == .top ? "-top" : "" }
    }

    private static func pager(_ paging: ArticlePaging, coverage: Coverage, locale: Locale, place: PagerPlace) -> HTML {
        let first = paging.range.lowerBound + 1
        let last = paging.range.upperBound
        let suffix = place.keySuffix
        return Tag.nav(.class("car-news-pager"), .aria("label", CarNewsWebCopy.pagerLabel)) {
            Tag.button(
                .class("car-news-button car-news-newer"), .type("button"), .data("action", CarNewsWebAction.newer.name),
                .aria("disabled", paging.hasNewer ? "false" : "true"), coverage.tabOrder
            ) { CarNewsWebCopy.newer }
            .id("car-news-newer\(suffix)")
            Tag.span(.class("car-news-range")) { CarNewsWebCopy.pageRange(first: first, last: last, of: paging.count, locale: locale) }
                .id("car-news-range\(suffix)")
            Tag.button(
                .class("car-news-button car-news-older"), .type("button"), .data("action", CarNewsWebAction.older.name),
                .aria("disabled", paging.hasOlder ? "false" : "true"), coverage.tabOrder
            ) { CarNewsWebCopy.older }
            .id("car-news-older\(suffix)")
        }
        .id("car-news-pager\(suffix)")
    }
}
