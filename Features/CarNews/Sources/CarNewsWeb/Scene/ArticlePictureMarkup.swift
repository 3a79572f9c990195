import FeatureHostCore
import WebUI

/// An article's picture inside its frame. The frame has a fixed aspect ratio (the stylesheet), so the
/// placeholder while the image loads or after it failed takes exactly the picture's place: no layout jump.
/// A loaded image comes from the host's image cache, on the same origin, so it shows offline too. One still
/// loading is striped; one that failed is plain and says so, so the two never look alike.
enum ArticlePictureMarkup {
    static func picture(_ image: ImageState?, label: String) -> HTML {
        switch image {
        case .loaded(let reference):
            Tag.img(.class("car-news-picture"), .src(WebImage.path(for: reference)), .alt(label))
        case .loading:
            Tag.span(.class("car-news-picture car-news-placeholder is-loading"), .role("img"), .aria("label", label))
        case .failed:
            Tag.span(.class("car-news-picture car-news-placeholder is-failed"), .role("img"), .aria("label", label)) {
                Tag.span(.class("car-news-no-image")) { CarNewsWebCopy.pictureFailed }
            }
        case nil:
            Tag.span(.class("car-news-picture car-news-placeholder is-none")) {
                Tag.span(.class("car-news-no-image")) { CarNewsWebCopy.noImage }
            }
        }
    }
}
