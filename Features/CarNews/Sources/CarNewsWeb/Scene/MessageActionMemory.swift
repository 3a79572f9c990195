import CarNewsFeature

/// The button a message offered last (`Retry`, `Refresh`). Pressing it starts a refresh, and while that runs
/// the presenter shows `Loading articles…`, which offers nothing: the button would vanish under the reader's
/// focus. The page keeps it there, marked busy, until the next message or the list replaces it. View-local
/// state, noted from each state the page renders: the button the page showed last. Noting the same state again
/// changes nothing, so `render` stays idempotent.
struct MessageActionMemory {
    private(set) var label: String?

    mutating func note(_ state: CarNewsViewState) {
        switch state.body {
        case .list:
            label = nil
        case .message(let message):
            if let offered = Self.label(for: message) {
                label = offered
            } else if state.status == nil {
                label = nil
            }
        }
    }

    /// The label of the button `message` offers itself, if any.
    static func label(for message: CarNewsViewState.Message) -> String? {
        if message.canRetry { return CarNewsWebCopy.retry }
        if message.canRefresh { return CarNewsWebCopy.refresh }
        return nil
    }
}
