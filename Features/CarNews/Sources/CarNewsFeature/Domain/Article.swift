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
    /// All the text of one article (its lead and every paragraph's subject and text), in UTF-8 bytes: about
    /// 200,000 characters of a Latin script, a long book chapter. The paragraph that passes it is cut, the ones
    /// after it are left out, so opening an article costs what opening a long one does.
    public static let maximumTextBytes = 800_000

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
        self.content = Self.bounded(content, after: self.ingress)
        self.created = created
        self.changed = changed
    }

    /// The paragraphs that fit `maximumTextBytes` after the lead.
    private static func bounded(_ content: [ArticleContentItem], after ingress: String) -> [ArticleContentItem] {
        var remaining = maximumTextBytes - ingress.utf8.count
        var kept: [ArticleContentItem] = []
        for item in content.prefix(maximumContentItems) {
            guard remaining > 0 else { break }
            var item = item
            if item.description.utf8.count > remaining {
                item.description = TextLimit(maximumCharacters: remaining).apply(item.description)
            }
            remaining -= item.subject.utf8.count + item.description.utf8.count
            kept.append(item)
        }
        return kept
    }

    /// What the list needs of it.
    public var summary: ArticleSummary {
        ArticleSummary(id: id, title: title, image: image, published: published)
    }
}
