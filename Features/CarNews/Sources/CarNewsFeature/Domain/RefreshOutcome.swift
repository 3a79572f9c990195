import Foundation

/// What one refresh produced, handed back to the presenter on the main actor.
public enum RefreshOutcome: Sendable, Equatable {
    /// A good reply, saved (or, if saving failed, held in memory).
    case refreshed(RefreshedList)
    /// No usable reply; the saved rows stay as they are.
    case failed(reason: String)
}

public struct RefreshedList: Sendable, Equatable {
    /// The window of the new list to show, around the article selected when the refresh started.
    public var window: ArticleWindow
    public var refreshedAt: Date
    public var skipped: [SkippedArticle]
    /// Set when the reply could not be saved: the articles then live only in `unsaved` until the next refresh.
    public var saveProblem: String?
    public var unsaved: UnsavedArticles?
    /// The server answered with no articles, so the saved list was kept as it was: `window` and
    /// `refreshedAt` are the saved ones.
    public var keptSaved: Bool
    /// What the store did to a damaged file on the way.
    public var storeNotices: [String]

    public init(
        window: ArticleWindow, refreshedAt: Date, skipped: [SkippedArticle] = [], saveProblem: String? = nil,
        unsaved: UnsavedArticles? = nil, keptSaved: Bool = false, storeNotices: [String] = []
    ) {
        self.window = window
        self.refreshedAt = refreshedAt
        self.skipped = skipped
        self.saveProblem = saveProblem
        self.unsaved = unsaved
        self.keptSaved = keptSaved
        self.storeNotices = storeNotices
    }
}
