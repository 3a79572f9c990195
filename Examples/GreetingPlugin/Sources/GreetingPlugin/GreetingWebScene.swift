import FeatureHostCore
import WebUI

/// Draws the greeting as a card: the name, the time open, the wall clock, and a real Wave button.
@MainActor
final class GreetingWebScene: WebScene {
    private let presenter: GreetingPresenter

    init(presenter: GreetingPresenter) { self.presenter = presenter }

    func render() -> HTML {
        let state = presenter.viewState
        return Tag.section(.class("greeting"), .aria("labelledby", "greeting-title")) {
            Tag.img(
                .class("greeting-art"), .src(WebAssets.path(feature: GreetingFeature.manifest.id, file: "wave.svg")),
                .alt("A smiling face"))
            Tag.h1(.class("greeting-title")) { "Greeting plugin" }.id("greeting-title")
            Tag.p(.class("greeting-hello")) { state.greeting }
            Tag.div(.class("greeting-row")) {
                Tag.span(.class("greeting-label")) { "Open for" }
                Tag.span(.class("greeting-value")) { state.elapsed }
                if state.paused { Tag.span(.class("greeting-paused")) { "(paused)" } }
            }
            Tag.div(.class("greeting-row")) {
                Tag.span(.class("greeting-label")) { "Clock" }
                Tag.span(.class("greeting-value")) { state.clock }
            }
            Tag.div(.class("greeting-actions")) {
                Tag.button(.type("button"), .class("greeting-wave"), .data("action", "wave")) { "Wave" }.id("greeting-wave")
                Tag.span(.class("greeting-waves"), .aria("live", "polite")) { state.waves }
            }
        }
    }

    func handle(_ event: PageEvent) -> WebEventHandling {
        guard event.kind == .click, event.action == "wave" else { return .ignored }
        presenter.send(.wave)
        return .handled
    }
}
