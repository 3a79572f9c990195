import ChatsFeature
import TerminalUI

/// Which presenter action a key means on the current screen: a pure function of the key, the view state and
/// the rows a page shows (the scene's, from its last layout). Only the list takes keys.
enum ChatsKeyMap {
    typealias Action = ChatsPresenter.Action

    /// `nil` when the key does nothing here (the shell may use it: Esc and q go back).
    static func action(for key: Key, in state: ChatsViewState, page: Int) -> Action? {
        guard state.screen == .list else { return nil }
        switch state.list.content {
        case .failed:
            switch key {
            case .enter, .character("r"), .character("R"): return .reload
            default: return nil
            }
        case .empty, .loading:
            return key == .character("r") || key == .character("R") ? .reload : nil
        case .rows(let rows):
            let current = state.list.selectedIndex ?? 0
            let target: Int
            switch key {
            case .down, .tab: target = current + 1
            case .up, .backTab: target = current - 1
            case .pageDown: target = current + page
            case .pageUp: target = current - page
            case .home: target = 0
            case .end: target = rows.count - 1
            case .character("r"), .character("R"): return .reload
            default: return nil
            }
            return .select(index: min(max(0, target), rows.count - 1))
        }
    }
}
