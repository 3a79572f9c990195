import TerminalUI
import TransactionsFeature

/// Which presenter action a key means on the current screen: a pure function of the key, the view state and
/// the rows a page shows (the scene's, from its last render).
enum TransactionsKeyMap {
    typealias Action = TransactionsPresenter.Action

    /// `nil` when the key does nothing here (the shell may use it: Esc and q go back).
    static func action(for key: Key, in state: TransactionsViewState, page: Int) -> Action? {
        if key == .character("r"), state.canRetry { return .reload }
        guard state.status == .loaded else { return nil }
        switch key {
        case .tab, .backTab: return .switchTab
        case _ where state.tab != .transactions: return nil
        case .left: return .moveFilter(by: -1)
        case .right: return .moveFilter(by: 1)
        case .up: return .moveSelection(by: -1)
        case .down: return .moveSelection(by: 1)
        case .pageUp: return .moveSelection(by: -page)
        case .pageDown: return .moveSelection(by: page)
        case .home: return .moveSelection(by: -state.rows.count)
        case .end: return .moveSelection(by: state.rows.count)
        case .character(" "), .enter: return .togglePin
        default: return nil
        }
    }
}
