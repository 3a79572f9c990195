/// The screen's words that are the presenter's: what happened, never which key to press (each surface words
/// `canRetry` and `canRefresh` itself).
enum CarNewsCopy {
    static let loading = CarNewsViewState.Message(title: "Loading articles…")
    static let noArticles = CarNewsViewState.Message(title: "There are no articles yet.", canRefresh: true)
    static let updating = "Updating…"
    static let noLongerSaved = "This article is no longer saved."

    static func loadFailed(_ reason: String) -> CarNewsViewState.Message {
        CarNewsViewState.Message(title: "The articles could not be loaded.", detail: reason, isError: true, canRetry: true)
    }

    static func unreadableList(_ reason: String) -> String { "The saved articles could not be read: \(DisplayText.sentence(reason))" }

    static func unreadableArticle(_ reason: String) -> String { "This article's text could not be read: \(reason)" }

    /// `10,000 articles`: `formatted` is `count` as the locale groups it.
    static func count(_ count: Int, formatted: String) -> String? {
        switch count {
        case 0: return nil
        case 1: return "1 article"
        default: return "\(formatted) articles"
        }
    }

    /// A good reply that listed no articles: the saved ones stay (`when` as the list's dates read).
    static func emptyReplyKept(_ when: String) -> String {
        "The server sent no articles just now; showing the ones saved \(when)."
    }

    static func skippedNotice(_ count: Int, formatted: String) -> String? {
        switch count {
        case 0: return nil
        case 1: return "1 article from the server could not be read and was skipped."
        default: return "\(formatted) articles from the server could not be read and were skipped."
        }
    }
}
