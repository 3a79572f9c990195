import Foundation

/// What one refresh produced, handed back to the presenter on the main actor.
public enum RefreshOutcome: Sendable, Equatable {
    /// A good reply, saved (or, if saving failed, held in memory).
    case refreshed(RefreshedList)
    /// No usable reply; the saved rows stay as they are.
    case failed(reason: String)
}

public struct RefreshedList: Sendable, Equatable {
    /// The list to show, newest first.
    public var summaries: [ArticleSummary]
    public var refreshedAt: Date
    public var skipped: [SkippedArticle]
    /// Set when the reply could not be saved: the articles then live only in `unsaved` until the next refresh.
    public var saveProblem: String?
    public var unsaved: [Int64: Article]
    /// The server answered with no articles, so the saved list was kept as it was: `summaries` and
    /// `refreshedAt` are the saved ones.
    public var keptSaved: Bool
    /// What the store did to a damaged file on the way.
    public var storeNotices: [String]

    public init(
        summaries: [ArticleSummary], refreshedAt: Date, skipped: [SkippedArticle] = [], saveProblem: String? = nil,
        unsaved: [Int64: Article] = [:], keptSaved: Bool = false, storeNotices: [String] = []
    ) {
        self.summaries = summaries
        self.refreshedAt = refreshedAt
        self.skipped = skipped
        self.saveProblem = saveProblem
        self.unsaved = unsaved
        self.keptSaved = keptSaved
        self.storeNotices = storeNotices
    }
}
