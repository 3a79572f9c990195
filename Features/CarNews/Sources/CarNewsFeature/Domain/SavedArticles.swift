import Foundation

/// A read of the offline list: a window of it around what the screen asked for, and (when the feature appears)
/// when it was last refreshed; or why it could not be read. Notices say what the store did on the way (a damaged
/// file moved aside, a file that could not be opened).
public struct SavedArticles: Sendable, Equatable {
    public var window = ArticleWindow.empty
    public var lastRefresh: Date?
    /// Why the list could not be read, as a sentence.
    public var readError: String?
    public var notices: [String] = []

    public init(window: ArticleWindow = .empty, lastRefresh: Date? = nil, readError: String? = nil, notices: [String] = []) {
        self.window = window
        self.lastRefresh = lastRefresh
        self.readError = readError
        self.notices = notices
    }
}
