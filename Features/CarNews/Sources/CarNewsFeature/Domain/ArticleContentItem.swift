/// One content item of an article (spec, "Item"). Only the `text` type exists; others are dropped while decoding.
public struct ArticleContentItem: Sendable, Equatable, Codable {
    public var type: String
    public var subject: String
    public var description: String

    public init(type: String = ArticleContentItem.textType, subject: String, description: String) {
        self.type = type
        self.subject = subject
        self.description = description
    }

    public static let textType = "text"
}
