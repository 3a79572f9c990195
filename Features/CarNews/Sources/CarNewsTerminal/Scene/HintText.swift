import CarNewsFeature

/// The terminal's words for what the presenter only flags as possible: `r` refreshes here.
enum HintText {
    static let retry = "Press r to retry."
    static let refresh = "Press r to refresh."
    static let refreshList = "Press r to refresh the list."

    /// The hint under a full-screen message, if it has one.
    static func hint(for message: CarNewsViewState.Message) -> String? {
        if message.canRetry { return retry }
        if message.canRefresh { return refresh }
        return nil
    }

    /// The banner's reason, followed by how to retry.
    static func text(of banner: CarNewsViewState.Banner) -> String {
        banner.canRetry ? "\(banner.detail) \(retry)" : banner.detail
    }

    /// Why an article cannot be shown, followed by what helps.
    static func problem(of detail: CarNewsViewState.Detail) -> String? {
        guard let problem = detail.problem else { return nil }
        return detail.canRefresh ? "\(problem) \(refreshList)" : problem
    }
}
