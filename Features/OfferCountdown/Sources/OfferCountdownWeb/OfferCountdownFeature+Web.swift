import FeatureHostCore
import Foundation
import OfferCountdownFeature
import WebUI

extension OfferCountdownFeature: WebFeature {
    public static let webAssets = WebAssets([
        WebAsset(resource: "offer-countdown.css", in: .module),
    ])

    /// Makes the scene and starts nothing: the countdown starts when the host's session delivers `.appear`.
    @MainActor
    public func makeWebScene() -> any WebScene { OfferCountdownWebScene(presenter: presenter, rollDuration: rollDuration) }
}
