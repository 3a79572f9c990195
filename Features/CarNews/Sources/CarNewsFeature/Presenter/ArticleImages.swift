import FeatureHostCore
import Foundation

/// What is known of each article image, by the article's `image` field as the server sent it (asked for once,
/// then loading, loaded or failed), and which rows show it. The presenter watches only the rows near the
/// selection (`ImageWindow`) and the open article; a finished fetch updates the rows watched.
struct ArticleImages {
    private var states: [String: ImageState] = [:]
    private var rowsByImage: [String: [Int]] = [:]
    private var watched = Set<Int>()

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

    /// Row `index` shows `image`: a finished fetch of it updates that row. Then as `ask`.
    mutating func watch(row index: Int, showing image: String) -> URL? {
        if watched.insert(index).inserted { rowsByImage[image, default: []].append(index) }
        return ask(image)
    }

    /// A new list: its row indices mean other articles.
    mutating func unwatchRows() {
        rowsByImage = [:]
        watched = []
    }

    /// Records a fetch's result and returns the watched rows that show the image.
    mutating func finish(_ image: String, with state: ImageState) -> [Int] {
        states[image] = state
        return rowsByImage[image] ?? []
    }

    /// Forgets the images that failed, so they are asked for again.
    mutating func forgetFailures() {
        states = states.filter { _, state in
            if case .failed = state { return false }
            return true
        }
    }
}
