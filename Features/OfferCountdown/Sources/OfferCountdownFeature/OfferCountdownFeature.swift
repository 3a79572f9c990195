import FeatureHostCore

/// The special offer with a 24-hour countdown and an activation popup. No data source: the offer is local.
/// The countdown starts on `.lifecycle(.appear)`, which the host's session delivers the first time a surface
/// shows the feature; it belongs to the host's run (`OfferRun`), so every instance of the feature in the run
/// (each web page) continues the same one.
public struct OfferCountdownFeature: PresenterFeature {
    public static let manifest = FeatureManifest(
        id: "offer-countdown", title: "Offer countdown",
        summary: "A special offer with a 24-hour countdown and an activation popup",
        acceptedSources: [], defaultSource: nil, settings: OfferCountdownSettings.declarations)

    public let presenter: OfferCountdownPresenter
    /// How long a changing digit rolls (the `rollDuration` setting; zero: no roll). The terminal steps the roll
    /// through the presenter's view state; the web runs it as a CSS animation of this length, and its page's
    /// presenter (`Motion.animated`) wakes only for each second's change.
    public let rollDuration: Duration

    @MainActor
    public init(context: FeatureContext) throws {
        let settings = try OfferCountdownSettings(context.settings)
        // One countdown per run of the host: every screen of the offer (the shell's, each web page's) shows it.
        let run = context.run.model(OfferRun.self) {
            OfferRun(timeline: context.makeTimeline(), duration: settings.duration, rollDuration: settings.rollDuration)
        }
        presenter = OfferCountdownPresenter(run: run, effects: context.makeEffects(), motion: context.motion)
        rollDuration = settings.rollDuration
    }

    /// New conventions (the config's locale or clock): nothing it shows depends on them (it words and counts in
    /// its spec's own way), so it runs on untouched.
    @MainActor
    public func reformat(for conventions: FormatConventions) -> Bool { true }
}
