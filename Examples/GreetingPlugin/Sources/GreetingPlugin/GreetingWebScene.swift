import FeatureHostCore
import WebUI

/// Draws the greeting as a card: the name, the time open, the wall clock, and a real Wave button.
@MainActor
final class GreetingWebScene: WebScene {
    private let presenter: GreetingPresenter

    init(presenter: GreetingPresenter) { self.presenter = presenter }

    func render() -> HTML {
        let state = presenter.viewState
        return section(.class("greeting"), .aria("labelledby", "greeting-title")) {
            img(
                .class("greeting-art"), .src(WebAssets.path(feature: GreetingFeature.manifest.id, file: "wave.svg")),
                .alt("A smiling face"))
            h1(.class("greeting-title")) { "Greeting plugin" }.id("greeting-title")
            p(.class("greeting-hello")) { state.greeting }
            div(.class("greeting-row")) {
                span(.class("greeting-label")) { "Open for" }
                span(.class("greeting-value")) { state.elapsed }
                if state.paused { span(.class("greeting-paused")) { "(paused)" } }
            }
            div(.class("greeting-row")) {
                span(.class("greeting-label")) { "Clock" }
                span(.class("greeting-value")) { state.clock }
            }
            div(.class("greeting-actions")) {
                button(.type("button"), .class("greeting-wave"), .data("action", "wave")) { "Wave" }.id("greeting-wave")
                span(.class("greeting-waves"), .aria("live", "polite")) { state.waves }
            }
        }
    }

    func handle(_ event: PageEvent) -> WebEventHandling {
        guard event.kind == .click, event.action == "wave" else { return .ignored }
        presenter.send(.wave)
        return .handled
    }
}
