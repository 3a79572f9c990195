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
public final class OfferCountdownTerminalScene: TerminalScene {
    public let presenter: OfferCountdownPresenter

    public init(presenter: OfferCountdownPresenter) {
        self.presenter = presenter
    }

    public var minimumSize: Size { OfferLayout.minimumSize }

    public var keyHints: [KeyHint] {
        let state = presenter.viewState
        if state.popup != nil { return [KeyHint(key: "Enter/Esc", action: "close")] }
        return state.activateButton.isEnabled ? [KeyHint(key: "Enter", action: "activate offer")] : []
    }

    public func render(size: Size) -> Frame { OfferScreenView.render(presenter.viewState, size: size) }

    public func handle(_ key: Key) -> KeyHandling {
        switch OfferCountdownKeyMap.outcome(for: key, in: presenter.viewState) {
        case .send(let action):
            presenter.send(action)
            return .handled
        case .swallow:
            return .handled
        case .ignore:
            return .ignored
        case .moveFocus:
            // The button is the one control: Tab, Shift-Tab and the arrows keep focus on it.
            return [.tab, .backTab, .up, .down].contains(key) ? .handled : .ignored
        }
    }
}
