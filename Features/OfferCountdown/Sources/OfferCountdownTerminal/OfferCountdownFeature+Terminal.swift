import FeatureHostCore
import OfferCountdownFeature
import TerminalUI

extension OfferCountdownFeature: TerminalFeature {
    /// Makes the scene and starts nothing: the countdown starts when the host's session delivers `.appear`.
    @MainActor
    public func makeScene() -> any TerminalScene { OfferCountdownTerminalScene(presenter: presenter) }
}
