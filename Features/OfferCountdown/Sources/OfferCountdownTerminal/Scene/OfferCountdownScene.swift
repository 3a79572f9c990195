import FeatureHostCore
import OfferCountdownFeature
import TerminalUI

/// The offer screen in the terminal: draws the presenter's view state and turns keys into actions.
///
/// Keys: Enter activates the offer; on the popup, Enter or Esc closes it. The button is the screen's one
/// control (the close button and the footer links have no destination in the spec), so Tab and the arrows
/// keep focus on it. Esc and q on the main screen are left to the shell, which goes back. Lifecycle never
/// passes through here: the host's session delivers it to the feature.
@MainActor
public final class OfferCountdownScene: TerminalScene {
    public let presenter: OfferCountdownPresenter
    private var focus = FocusRing([OfferFocus.activateButton])

    public init(presenter: OfferCountdownPresenter) {
        self.presenter = presenter
    }

    public var minimumSize: Size { OfferLayout.minimumSize }

    public var keyHints: [KeyHint] {
        let state = presenter.viewState
        if state.popup != nil { return [KeyHint(key: "Enter/Esc", action: "close")] }
        return state.activateButton.isEnabled ? [KeyHint(key: "Enter", action: "activate offer")] : []
    }

    public func render(size: Size) -> Frame { OfferScreenRenderer.render(presenter.viewState, size: size) }

    public func handle(_ key: Key) -> KeyHandling {
        if presenter.viewState.popup != nil {
            switch key {
            case .enter, .escape:
                presenter.send(.dismissPopup)
                return .handled
            case .tab, .backTab, .up, .down:
                return .handled  // nothing to move to inside the popup
            default:
                return .ignored
            }
        }
        switch key {
        case .enter:
            presenter.send(.activate)
            return .handled
        default:
            return focus.handle(key)
        }
    }
}
