import FeatureHostCore
import Foundation

/// One news article as the API describes it (spec, "Article"), with `dateTime` already parsed.
public struct Article: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var title: String
    public var ingress: String
    /// The image URL as the server sent it; may be empty.
    public var image: String
    /// `dateTime`, parsed from `dd.MM.yyyy HH:mm` in UTC.
    public var published: Date
    public var tags: [String]
    public var content: [ArticleContentItem]
    /// Unix times; absent in some replies, so optional.
    public var created: Int64?
    public var changed: Int64?

    /// At most this many tags and content items are kept: a page of an article stays a page.
    public static let maximumTags = 50
    public static let maximumContentItems = 200

    /// Texts are cut to their `TextLimit` here, where articles come in from the feed, the saved database or a
    /// sample: the title to `.title`, the lead to `.body`, each tag to `.name`; an image URL longer than `.url` is
    /// dropped (the card shows its placeholder). The article's page shows what is kept, whole.
    public init(
        id: Int64, title: String, ingress: String = "", image: String = "", published: Date, tags: [String] = [],
        content: [ArticleContentItem] = [], created: Int64? = nil, changed: Int64? = nil
    ) {
        self.id = id
        self.title = TextLimit.title.apply(title)
        self.ingress = TextLimit.body.apply(ingress)
        self.image = TextLimit.url.acceptsURL(image) ? image : ""
        self.published = published
        self.tags = tags.prefix(Self.maximumTags).map(TextLimit.name.apply)
        self.content = Array(content.prefix(Self.maximumContentItems))
        self.created = created
        self.changed = changed
    }

    /// What the list needs of it.
    public var summary: ArticleSummary {
        ArticleSummary(id: id, title: title, image: image, published: published)
    }
}
