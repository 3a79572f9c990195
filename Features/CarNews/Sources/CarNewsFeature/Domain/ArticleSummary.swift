import FeatureHostCore
import Foundation

/// The columns of an article the list shows: what the offline list query reads.
public struct ArticleSummary: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var title: String
    public var image: String
    public var published: Date

    /// Cut as `Article` cuts them: the saved list is read from a file in the data directory.
    public init(id: Int64, title: String, image: String, published: Date) {
        self.id = id
        self.title = TextLimit.title.apply(title)
        self.image = TextLimit.url.acceptsURL(image) ? image : ""
        self.published = published
    }

    /// Newest first; the same day and minute fall back to the higher id, so the order never depends on input order.
    public static func newestFirst(_ lhs: ArticleSummary, _ rhs: ArticleSummary) -> Bool {
        lhs.published != rhs.published ? lhs.published > rhs.published : lhs.id > rhs.id
    }
}
