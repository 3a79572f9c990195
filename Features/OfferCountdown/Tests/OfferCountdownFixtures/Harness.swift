import FeatureHostCore
import FeatureHostTesting
import OfferCountdownFeature
import Testing

/// A feature built on a test host, with settings: what the offer's three test targets drive.
@MainActor
package struct Harness {
    package let host: TestHost
    package let feature: OfferCountdownFeature
    package var presenter: OfferCountdownPresenter { feature.presenter }

    /// - Parameter motion: `.animated` for the instance a web page makes.
    package init(settings: [String: SettingValue] = [:], clock: (any Clock<Duration>)? = nil, motion: Motion = .stepped) throws {
        host = try TestHost()
        var context = try host.context(id: "offer-countdown", settings: settings)
        if let clock { context.clock = clock }
        context.motion = motion
        feature = try OfferCountdownFeature(context: context)
    }

    /// The presenter in a test store on the host's clock: each change asserted, nothing left running at the end.
    package func store(sourceLocation: SourceLocation = #_sourceLocation) -> PresenterTestStore<OfferCountdownPresenter> {
        PresenterTestStore(presenter, host: host, sourceLocation: sourceLocation)
    }
}
