import FeatureHostCore
import FeatureHostTesting
import WebUI

/// The counter's web side, so the web table is exercised with the same feature as the terminal's.
extension SampleCounterFeature: WebFeature where Variant == PluginCounter {
    public static var webAssets: WebAssets {
        WebAssets([WebAsset(name: "counter.css", contentType: "text/css; charset=utf-8", text: ".counter { color: #111; }")])
    }

    @MainActor public func makeWebScene() -> any WebScene { PluginCounterWebScene(presenter: presenter) }
}

@MainActor
final class PluginCounterWebScene: WebScene {
    let presenter: SampleCounterPresenter

    init(presenter: SampleCounterPresenter) { self.presenter = presenter }

    func render() -> HTML {
        let state = presenter.viewState
        return Tag.div(.class("counter")) {
            Tag.p { "Seconds: \(state.seconds)\(state.isPaused ? " (paused)" : "")" }
            Tag.p { "Clock: \(state.clock)" }
            Tag.button(.type("button"), .data("action", "press")) { "Press & <hold>" }.id("press")
            Tag.p(.aria("live", "polite")) { "Presses: \(state.presses)" }
        }
    }

    func handle(_ event: PageEvent) -> WebEventHandling {
        guard event.kind == .click, event.action == "press" else { return .ignored }
        presenter.send(.press)
        return .handled
    }
}
