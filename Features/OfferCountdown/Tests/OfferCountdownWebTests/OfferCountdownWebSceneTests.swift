import FeatureHostTesting
import OfferCountdownFeature
import OfferCountdownWeb
import Testing
import WebUI

@MainActor
struct OfferCountdownWebSceneTests {
    @Test func clickingActivateOpensThePopup() throws {
        let host = try TestHost()
        let feature = try OfferCountdownFeature(context: try host.context(for: OfferCountdownFeature.self))
        let scene = feature.makeWebScene()
        feature.handle(.appear)
        #expect(scene.handle(.click("activate")) == .handled)
        #expect(feature.presenter.viewState.popup != nil)
        #expect(scene.handle(.click("no-such-action")) == .ignored)
    }
}
