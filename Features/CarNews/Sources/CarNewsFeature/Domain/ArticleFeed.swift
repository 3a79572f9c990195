/// A decoded `get_articles_list` reply: the articles that could be read, in the server's order, and the ones
/// that could not.
public struct ArticleFeed: Sendable, Equatable {
    public var articles: [Article]
    public var skipped: [SkippedArticle]

    public init(articles: [Article], skipped: [SkippedArticle] = []) {
        self.articles = articles
        self.skipped = skipped
    }
}

/// An article left out of a feed, and why. Its id, when readable, keeps its saved row from being removed.
public struct SkippedArticle: Sendable, Equatable {
    /// Its position in the reply's `content` array.
    public var index: Int
    public var id: Int64?
    public var reason: String

    public init(index: Int, id: Int64?, reason: String) {
        self.index = index
        self.id = id
        self.reason = reason
    }
}
