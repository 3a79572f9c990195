import FeatureHostCore
import FeatureHostTesting
import OfferCountdownFeature

/// A feature built on a test host, with settings: the scene tests' copy of the feature tests' harness.
@MainActor
struct Harness {
    let host: TestHost
    let feature: OfferCountdownFeature
    var presenter: OfferCountdownPresenter { feature.presenter }

    init(settings: [String: SettingValue] = [:]) throws {
        host = try TestHost()
        feature = try OfferCountdownFeature(context: try host.context(id: "offer-countdown", settings: settings))
    }

    /// Whole milliseconds, so `0.175` means exactly 175 ms (a `Double` 0.175 is a hair off).
    func advance(seconds: Double) async {
        await host.advance(by: .milliseconds(Int64((seconds * 1_000).rounded())))
    }
}
