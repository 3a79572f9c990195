import FeatureHostCore
import Foundation

/// What is known of each article image, by the article's `image` field as the server sent it (asked for once,
/// then loading, loaded or failed). The model asks only for the rows near the selection (`ImageWindow`) and the
/// open article; every row derives its picture from here, so a finished fetch shows wherever that image is.
struct ArticleImages {
    private var states: [String: ImageState] = [:]

    /// What to show for `image` now: nil when the article has none, `.loading` until it has been fetched (or
    /// while nobody has asked for it yet).
    func state(of image: String) -> ImageState? {
        if let known = states[image] { return known }
        return ImageAddress.mayHaveImage(image) ? .loading : nil
    }

    /// Marks `image` as asked for and returns the URL to fetch; nil when there is nothing to fetch: no image,
    /// asked for before, or an address that cannot be fetched (recorded as failed at once).
    mutating func ask(_ image: String) -> URL? {
        guard states[image] == nil else { return nil }
        switch ImageAddress(image) {
        case .none:
            return nil
        case .unusable(let text):
            states[image] = .failed("The image address \"\(text)\" is not a web address.")
            return nil
        case .url(let url):
            states[image] = .loading
            return url
        }
    }

    /// Records a fetch's result: every row and article showing `image` shows it from now on.
    mutating func finish(_ image: String, with state: ImageState) {
        states[image] = state
    }

    /// Forgets the images that failed, so they are asked for again.
    mutating func forgetFailures() {
        states = states.filter { _, state in
            if case .failed = state { return false }
            return true
        }
    }
}
