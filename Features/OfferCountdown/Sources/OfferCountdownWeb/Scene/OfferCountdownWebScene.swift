import FeatureHostCore
import OfferCountdownFeature
import WebUI

/// The offer page: draws the presenter's view state as HTML and turns page events into actions.
///
/// Events: a click on `activate` opens the popup; a click on `dismiss` (the backdrop or the popup's `✕`) and
/// Escape or Enter while the popup is open close it. Anything else is ignored. The roll is the browser's CSS
/// animation, so the page ignores the roll's `progress`: every frame of one second renders the same bytes
/// (`DigitRollMemory`).
///
/// Every page of a run shows the run's countdown, so the page is a function of `OfferPageInput` alone
/// (`SharedRenderScene`): the host renders a second's change once for all the pages that show it. A page's own
/// presenter does not wake for a roll's steps (`Motion.animated`); a stepped presenter's steps, whose input is the
/// same, render nothing.
@MainActor
public final class OfferCountdownWebScene: SharedRenderScene {
    public let presenter: OfferCountdownPresenter
    let rollDuration: Duration
    private var rollMemory = DigitRollMemory()

    public init(presenter: OfferCountdownPresenter, rollDuration: Duration) {
        self.presenter = presenter
        self.rollDuration = rollDuration
    }

    public func renderInput() -> OfferPageInput {
        let state = presenter.viewState
        return OfferPageInput(
            state: state, rolledFrom: rollMemory.rolledFrom(state.countdown.digits, rolls: rollDuration > .zero),
            rollMilliseconds: rollMilliseconds)
    }

    public static func render(_ input: OfferPageInput) -> HTML {
        OfferPageMarkup.page(input.state, rolledFrom: input.rolledFrom, rollMilliseconds: input.rollMilliseconds)
    }

    public func handle(_ event: PageEvent) -> WebEventHandling {
        let state = presenter.viewState
        switch (event.kind, OfferCountdownWebAction(name: event.action)) {
        case (.click, .activate?):
            // Behind an open popup, or once the offer expired unactivated, the button does nothing.
            guard state.popup == nil, state.activateButton.isEnabled else { return .ignored }
            presenter.send(.activate)
            return .handled
        case (.click, .dismiss?):
            return dismissPopup(state)
        case (.key, _) where event.key == "Escape" || event.key == "Enter":
            return dismissPopup(state)
        default:
            return .ignored
        }
    }

    private func dismissPopup(_ state: OfferCountdownPresenter.ViewState) -> WebEventHandling {
        guard state.popup != nil else { return .ignored }
        presenter.send(.dismissPopup)
        return .handled
    }

    /// `rollDuration` in whole milliseconds, for the stylesheet's `--roll`.
    private var rollMilliseconds: Int {
        Int((rollDuration / .milliseconds(1)).rounded())
    }
}
