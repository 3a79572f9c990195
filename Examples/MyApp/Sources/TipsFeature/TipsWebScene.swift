import FeatureHostCore
import WebUI

extension TipsFeature: WebFeature {
    public static let webAssets = WebAssets.none

    @MainActor public func makeWebScene() -> any WebScene { TipsWebScene(presenter: presenter) }
}

/// The same presenter on the web: the tip, its position, and real buttons.
@MainActor
final class TipsWebScene: WebScene {
    private let presenter: TipsPresenter

    init(presenter: TipsPresenter) { self.presenter = presenter }

    func render() -> HTML {
        let state = presenter.viewState
        return Tag.section(.class("tips"), .aria("labelledby", "tips-title")) {
            Tag.h1 { "Tips" }.id("tips-title")
            Tag.p(.class("tips-text"), .aria("live", "polite")) { state.tip }
            Tag.p(.class("tips-position")) { state.position }
            Tag.button(.type("button"), .data("action", "previous")) { "Previous" }.id("tips-previous")
            Tag.button(.type("button"), .data("action", "next")) { "Next tip" }.id("tips-next")
        }
    }

    func handle(_ event: PageEvent) -> WebEventHandling {
        guard event.kind == .click else { return .ignored }
        switch event.action {
        case "next": presenter.send(.next)
        case "previous": presenter.send(.previous)
        default: return .ignored
        }
        return .handled
    }
}
