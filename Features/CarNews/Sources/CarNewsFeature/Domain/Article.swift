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

    public init(
        id: Int64, title: String, ingress: String = "", image: String = "", published: Date, tags: [String] = [],
        content: [ArticleContentItem] = [], created: Int64? = nil, changed: Int64? = nil
    ) {
        self.id = id
        self.title = title
        self.ingress = ingress
        self.image = image
        self.published = published
        self.tags = tags
        self.content = content
        self.created = created
        self.changed = changed
    }

    /// What the list needs of it.
    public var summary: ArticleSummary {
        ArticleSummary(id: id, title: title, image: image, published: published)
    }
}
