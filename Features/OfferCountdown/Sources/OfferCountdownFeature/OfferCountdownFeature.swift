import FeatureHostCore
import TerminalUI

/// The special offer with a 24-hour countdown and an activation popup. No data source: the offer is local.
public struct OfferCountdownFeature: TerminalFeature {
    public static let manifest = FeatureManifest(
        id: "offer-countdown", title: "Offer countdown",
        summary: "A special offer with a 24-hour countdown and an activation popup",
        acceptedSources: [], defaultSource: nil, settingsKeys: OfferSettings.keys)

    public let presenter: OfferCountdownPresenter

    @MainActor
    public init(context: FeatureContext) throws {
        let settings = try OfferSettings(context.settings)
        presenter = OfferCountdownPresenter(
            timeline: context.makeTimeline(), duration: settings.duration, rollDuration: settings.rollDuration)
    }

    /// The shell makes the scene when it opens the feature: that is when the screen is displayed, so the
    /// countdown starts here (once; opening it again shows the same countdown).
    @MainActor
    public func makeScene() -> any TerminalScene {
        presenter.send(.appear)
        return OfferCountdownScene(presenter: presenter)
    }
}
