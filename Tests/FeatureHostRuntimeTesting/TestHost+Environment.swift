import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation

/// The repository's tests of the host's own assembly (config → registry → launcher) run on a `TestHost`'s clock,
/// store and data directory. Kept apart from FeatureHostTesting, which plugins and apps link, so that one needs
/// no runtime.
extension TestHost {
    /// The host environment over this test host's pieces: its clock, wall clock, transport, image cache,
    /// activity, store and data directory, in en_US, UTC, 24-hour. `FeatureLauncher(environment:)` then makes the
    /// very contexts `context(…)` makes.
    public var environment: HostEnvironment {
        var environment = HostEnvironment(
            clock: clock, now: clock.wallClock(startingAt: start), transport: transport, dataDirectory: directory.url,
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .gmt, hourCycle: .twentyFourHour,
            activity: activity, keyValueStore: { [store] _ in store })
        // The test host's own transport (already counted on `activity`), its one image cache and its features'
        // runs, not new ones: a launcher over this environment and `context(…)` share a feature's run.
        environment.transport = transport
        environment.images = images
        environment.runs = runs
        return environment
    }
}
