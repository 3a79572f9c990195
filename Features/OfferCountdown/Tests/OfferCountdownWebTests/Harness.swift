import FeatureHostCore
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import OfferCountdownFixtures
import WebUI
import WebUITesting

@testable import OfferCountdownWeb

/// A feature on a test host and its web scene as the page makes it.
@MainActor
struct Harness {
    let host: TestHost
    let feature: OfferCountdownFeature
    let scene: OfferCountdownWebScene
    var presenter: OfferCountdownPresenter { feature.presenter }
    var state: OfferCountdownPresenter.ViewState { feature.presenter.viewState }

    /// - Parameter motion: `.animated`, as the page's own instance is made (`HostPageLauncher`).
    init(settings: [String: SettingValue] = [:], motion: Motion = .stepped) throws {
        let base = try OfferCountdownFixtures.Harness(settings: settings, motion: motion)
        host = base.host
        feature = base.feature
        scene = OfferCountdownWebScene(presenter: feature.presenter, rollDuration: feature.rollDuration)
        // The page as its session serves it: rendered once when the session is made.
        _ = scene.render()
    }

    /// What the host's session does the first time the page is shown.
    func appear() { feature.handle(.appear) }

}
