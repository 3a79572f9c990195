import FeatureHostCore
import TerminalUI

/// The special offer with a 24-hour countdown and an activation popup. No data source: the offer is local.
public struct OfferCountdownFeature: TerminalFeature, PresenterFeature {
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

    @MainActor
    public func makeScene() -> any TerminalScene { OfferCountdownScene(presenter: presenter) }
}
