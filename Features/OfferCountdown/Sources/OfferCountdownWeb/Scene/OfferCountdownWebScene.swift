import FeatureHostCore
import OfferCountdownFeature
import WebUI

/// The offer page: draws the presenter's view state as HTML and turns page events into actions.
@MainActor
public final class OfferCountdownWebScene: WebScene {
    public let presenter: OfferCountdownPresenter
    let rollDuration: Duration

    public init(presenter: OfferCountdownPresenter, rollDuration: Duration) {
        self.presenter = presenter
        self.rollDuration = rollDuration
    }

    public func render() -> HTML {
        let state = presenter.viewState
        return div(.class("offer")) {
            p(.class("countdown")) { state.countdown.text }
            button(.type("button"), .data("action", "activate")) { state.activateButton.title }
        }
    }

    public func handle(_ event: PageEvent) -> WebEventHandling {
        switch (event.kind, event.action) {
        case (.click, "activate"):
            presenter.send(.activate)
            return .handled
        default:
            return .ignored
        }
    }

    public func observe(_ onChange: @escaping @MainActor () -> Void) -> StateObservation {
        presenter.observe { _ in onChange() }
    }
}
