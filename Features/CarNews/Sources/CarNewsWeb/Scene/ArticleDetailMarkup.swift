import CarNewsFeature
import FeatureHostCore
import WebUI

/// The open article, over the list: a bar with the way back, the heading, the status and the refresh button;
/// then the picture, the title, the date, the ingress, each content item and the tags. While its saved text is
/// read it shows the row's title, date and picture and says it is loading.
///
/// A labelled modal dialog (`aria-modal`): the page's client moves the focus into it, keeps Tab inside it and
/// gives the focus back to the card when it closes; `data-fh-back` makes the browser's Back close it.
enum ArticleDetailMarkup {
    static let titleID = "car-news-detail-title"

    static func detail(_ detail: CarNewsViewState.Detail, state: CarNewsViewState) -> HTML {
        Tag.section(
            .class("car-news-detail"), .role("dialog"), .aria("modal", "true"), .aria("labelledby", titleID),
            .data("fh-back", CarNewsWebAction.close.name)
        ) {
            CarNewsPageMarkup.header(
                state, keys: "car-news-detail", heading: Tag.span(.class("car-news-detail-heading")) { CarNewsWebCopy.articleHeading },
                leading: backButton())
            Tag.div(.class("car-news-article")) {
                Tag.span(.class("car-news-frame is-detail")) {
                    ArticlePictureMarkup.picture(detail.image, label: detail.imageLabel).id("car-news-detail-picture")
                }
                Tag.h2(.class("car-news-article-title")) { detail.title }.id(titleID)
                Tag.p(.class("car-news-date")) { detail.date }
                if detail.isLoading { Tag.p(.class("car-news-loading"), .role("status")) { CarNewsWebCopy.loadingArticle } }
                if let problem = detail.problem {
                    Tag.div(.class("car-news-problem"), .role("alert")) {
                        Tag.p { problem }
                        if detail.canRefresh {
                            CarNewsPageMarkup.refreshButton(CarNewsWebCopy.refreshList, busy: false, extraClass: "car-news-retry")
                        }
                    }
                }
                if !detail.ingress.isEmpty { Tag.p(.class("car-news-ingress")) { detail.ingress } }
                for section in detail.sections {
                    if !section.subject.isEmpty { Tag.h3(.class("car-news-subject")) { section.subject } }
                    if !section.description.isEmpty { Tag.p(.class("car-news-description")) { section.description } }
                }
                if let tags = detail.tags { Tag.p(.class("car-news-tags")) { tags } }
            }
            .id("car-news-detail-body")
        }
        .id("car-news-detail-\(detail.id)")
    }

    private static func backButton() -> HTML {
        Tag.button(
            .class("car-news-button car-news-back"), .type("button"), .data("action", CarNewsWebAction.close.name)
        ) { CarNewsWebCopy.back }
        .id("car-news-back")
    }
}
