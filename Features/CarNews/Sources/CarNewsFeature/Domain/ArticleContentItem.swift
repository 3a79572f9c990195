import FeatureHostCore

/// One content item of an article (spec, "Item"). Only the `text` type exists; others are dropped while decoding.
public struct ArticleContentItem: Sendable, Equatable, Codable {
    public var type: String
    public var subject: String
    public var description: String

    /// The subject is cut to `TextLimit.title`, the text to `TextLimit.body` (and the type to `.name`).
    public init(type: String = ArticleContentItem.textType, subject: String, description: String) {
        self.type = TextLimit.name.apply(type)
        self.subject = TextLimit.title.apply(subject)
        self.description = TextLimit.body.apply(description)
    }

    private enum CodingKeys: String, CodingKey { case type, subject, description }

    /// Decoded (from the saved database) through the same limits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            type: try container.decode(String.self, forKey: .type), subject: try container.decode(String.self, forKey: .subject),
            description: try container.decode(String.self, forKey: .description))
    }

    public static let textType = "text"
}
