import Foundation

/// What the store held when the feature appeared: the offline list, newest first, and when it was last
/// refreshed; or why it could not be read. Notices say what the store did on the way (a damaged file moved
/// aside, a file that could not be opened).
struct SavedArticles: Sendable, Equatable {
    var summaries: [ArticleSummary] = []
    var lastRefresh: Date?
    /// Why the list could not be read, as a sentence.
    var readError: String?
    var notices: [String] = []
}
