import FeatureHostCore
import Foundation
import TerminalUI

/// A small feature written the way a product feature is (manifest, presenter, scene, effects on the
/// context's clock), for tests of the host, the shell, the plugin boundary and the text driver.
///
/// Settings: `fail` (true: refuse to start) and `url` (fetched once when the feature appears).
public struct SampleCounterFeature<Variant: SampleCounterVariant>: TerminalFeature, PresenterFeature {
    public static var manifest: FeatureManifest { Variant.manifest }

    public let presenter: SampleCounterPresenter

    @MainActor public init(context: FeatureContext) throws {
        if let error = Variant.startError { throw error }
        if try context.settings.bool(SampleCounter.failSetting) { throw FeatureError("the counter was told to fail") }
        let url = try context.settings.string(SampleCounter.urlSetting)
        presenter = SampleCounterPresenter(
            effects: context.makeEffects(), timeline: context.makeTimeline(), now: context.now, timeZone: context.timeZone,
            hourCycle: context.hourCycle, transport: context.transport, fetching: url.isEmpty ? nil : URL(string: url))
    }

    @MainActor public func makeScene() -> any TerminalScene { SampleCounterScene(presenter: presenter) }

    /// Its clock follows the new time zone and hour cycle in place, when its variant says so.
    @MainActor public func reformat(for conventions: FormatConventions) -> Bool {
        guard Variant.reformatsInPlace else { return false }
        presenter.reformat(timeZone: conventions.timeZone, hourCycle: conventions.hourCycle)
        return true
    }
}
