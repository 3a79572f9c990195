import CarNewsFeature
import FeatureHostCore
import Foundation
import WebUI

/// The car news page as HTML. Pure: the same state gives the same bytes.
///
/// The root always has the list view first and the article second (empty while none is open): the article lies
/// over the list as a full-window layer, so the list keeps its scroll position under it and Back returns to the
/// same card; the list is out of the tab order and the accessibility tree meanwhile (`Coverage`). What changes
/// is keyed (the root, the layer, the header's status and button, each card's button), so the live diff names
/// those elements, not the list around them.
enum CarNewsPageMarkup {
    static func page(_ state: CarNewsViewState, keptMessageAction: String? = nil, locale: Locale) -> HTML {
        let isDetailOpen = state.detail != nil
        let coverage: Coverage = isDetailOpen ? .covered : .shown
        // `r` refreshes anywhere, as in the terminal; Escape is the article's (on the list it is the browser's).
        return Tag.div(.class("car-news"), .data("keys", isDetailOpen ? "r R Escape" : "r R")) {
            Tag.div(.class("car-news-list-view"), coverage.hiddenFromAssistiveTechnology) {
                header(state, keys: "car-news-list", heading: Tag.h1(.class("car-news-heading")) { state.title }, coverage: coverage)
                if let banner = state.banner { bannerMarkup(banner, coverage: coverage) }
                switch state.body {
                case .list:
                    ArticleListMarkup.list(state, coverage: coverage, locale: locale)
                case .message(let message):
                    messageMarkup(message, keptAction: keptMessageAction, coverage: coverage)
                }
                if !state.notices.isEmpty { notices(state.notices) }
            }
            .id("car-news-list-view")
            Tag.div(.class("car-news-layer")) {
                if let detail = state.detail { ArticleDetailMarkup.detail(detail, state: state) }
            }
            .id("car-news-layer")
        }
        .id("car-news")
    }

    /// The title (or the article's back button and heading), `Updating…` or the count, and the refresh button;
    /// the status and the button keyed `<keys>-status` and `<keys>-refresh` (the list's and the article's).
    static func header(
        _ state: CarNewsViewState, keys: String, heading: HTML, leading: HTML = .empty, coverage: Coverage = .shown
    ) -> HTML {
        Tag.header(.class("car-news-header")) {
            leading
            heading
            Tag.span(.class("car-news-status"), .role("status")) { state.status ?? state.count ?? "" }.id("\(keys)-status")
            refreshButton(CarNewsWebCopy.refresh, busy: state.status != nil, extraClass: "car-news-refresh", coverage: coverage)
                .id("\(keys)-refresh")
        }
    }

    /// Every refresh control sends `refresh`; while one runs it is marked busy (the presenter ignores another),
    /// and stays focusable, so the focus is not lost when it is pressed.
    static func refreshButton(_ label: String, busy: Bool, extraClass: String, coverage: Coverage = .shown) -> HTML {
        Tag.button(
            .class("car-news-button \(extraClass)"), .type("button"), .data("action", CarNewsWebAction.refresh.name),
            .aria("busy", busy ? "true" : "false"), coverage.tabOrder
        ) { label }
    }

    private static func bannerMarkup(_ banner: CarNewsViewState.Banner, coverage: Coverage) -> HTML {
        Tag.div(.class("car-news-banner"), .role("status")) {
            Tag.div(.class("car-news-banner-text")) {
                Tag.p(.class("car-news-banner-title")) { banner.title }
                Tag.p(.class("car-news-banner-detail")) { banner.detail }
            }
            if banner.canRetry {
                refreshButton(CarNewsWebCopy.retry, busy: false, extraClass: "car-news-retry", coverage: coverage)
            }
        }
        .id("car-news-banner")
    }

    /// A message's own button, or the one it offered before a refresh it started (kept, busy: see
    /// `MessageActionMemory`).
    private static func messageMarkup(_ message: CarNewsViewState.Message, keptAction: String?, coverage: Coverage) -> HTML {
        Tag.div(.class(message.isError ? "car-news-message is-error" : "car-news-message"), .role(message.isError ? "alert" : "status")) {
            Tag.h2(.class("car-news-message-title")) { message.title }
            if let detail = message.detail { Tag.p(.class("car-news-message-detail")) { detail } }
            if let label = MessageActionMemory.label(for: message) {
                refreshButton(label, busy: false, extraClass: "car-news-retry", coverage: coverage).id("car-news-message-action")
            } else if let keptAction {
                refreshButton(keptAction, busy: true, extraClass: "car-news-retry", coverage: coverage).id("car-news-message-action")
            }
        }
        .id("car-news-message")
    }

    private static func notices(_ notices: [String]) -> HTML {
        Tag.ul(.class("car-news-notices"), .aria("label", CarNewsWebCopy.noticesLabel)) {
            for notice in notices { Tag.li { notice } }
        }
        .id("car-news-notices")
    }
}
