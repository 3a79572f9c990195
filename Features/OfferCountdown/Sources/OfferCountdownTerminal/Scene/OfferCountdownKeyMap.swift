import OfferCountdownFeature
import TerminalUI

/// What a key means on the offer screen: a pure function of the key and the view state.
enum OfferCountdownKeyMap {
    typealias Action = OfferCountdownPresenter.Action

    enum Outcome: Equatable {
        /// Send this action to the presenter.
        case send(Action)
        /// The key is taken and does nothing (inside the popup there is nothing to move to).
        case swallow
        /// Not this screen's key (the shell may use it: Esc and q go back).
        case ignore
        /// The scene's focus ring moves (Tab and the arrows on the screen behind no popup).
        case moveFocus
    }

    static func outcome(for key: Key, in state: OfferCountdownViewState) -> Outcome {
        if state.popup != nil {
            switch key {
            case .enter, .escape: return .send(.dismissPopup)
            case .tab, .backTab, .up, .down: return .swallow
            default: return .ignore
            }
        }
        return key == .enter ? .send(.activate) : .moveFocus
    }
}
