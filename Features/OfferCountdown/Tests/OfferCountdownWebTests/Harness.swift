import FeatureHostCore
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import WebUI

@testable import OfferCountdownWeb

/// A feature on a test host and its web scene as the page makes it.
@MainActor
struct Harness {
    let host: TestHost
    let feature: OfferCountdownFeature
    let scene: OfferCountdownWebScene
    var presenter: OfferCountdownPresenter { feature.presenter }
    var state: OfferCountdownPresenter.ViewState { feature.presenter.viewState }

    init(settings: [String: SettingValue] = [:]) throws {
        host = try TestHost()
        feature = try OfferCountdownFeature(context: try host.context(id: "offer-countdown", settings: settings))
        scene = OfferCountdownWebScene(presenter: feature.presenter, rollDuration: feature.rollDuration)
        // The page as its session serves it: rendered once when the session is made.
        _ = scene.render()
    }

    /// What the host's session does the first time the page is shown.
    func appear() { feature.handle(.appear) }

    /// Whole milliseconds, so `0.175` means exactly 175 ms.
    func advance(seconds: Double) async {
        await host.advance(by: .milliseconds(Int64((seconds * 1_000).rounded())))
    }

    /// The scene's HTML, as the page puts it inside `#fh-root`.
    func html() -> String { scene.render().render() }

    /// One element per line, so a golden's diff points at the element that changed.
    func goldenText() -> String { html().replacingOccurrences(of: "><", with: ">\n<") }
}
