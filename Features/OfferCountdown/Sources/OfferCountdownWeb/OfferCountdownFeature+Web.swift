import FeatureHostCore
import Foundation
import OfferCountdownFeature
import WebUI

extension OfferCountdownFeature: WebFeature {
    /// The stylesheet and the artwork (our own drawing), served under `/assets/offer-countdown/`.
    public static let webAssets = WebAssets([
        WebAsset(resource: "offer-countdown.css", in: .module),
        WebAsset(resource: "artwork.svg", in: .module),
    ])

    /// Makes the scene and starts nothing: the countdown starts when the host's session delivers `.appear`.
    @MainActor
    public func makeWebScene() -> any WebScene { OfferCountdownWebScene(presenter: presenter, rollDuration: rollDuration) }
}
