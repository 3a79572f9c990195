import DataSources
import FeatureHostCore
import FeatureHostRuntime
import Foundation

/// Everything a feature test needs to build a `FeatureContext` through the host's own assembly
/// (`HostEnvironment` and `FeatureLauncher`): a manual clock, a wall clock that moves with it, an in-memory
/// key-value store, a temporary data directory, and the real URLSession transport for 127.0.0.1 only
/// (pointed at a `LoopbackHTTPServer` by the test): a test never reaches the internet, whatever URL a
/// sample holds.
public final class TestHost: Sendable {
    public let clock: TestClock
    public let start: Date
    public let store: InMemoryKeyValueStore
    public let activity: ActivityTracker
    public let directory: TemporaryDirectory
    /// The environment contexts are made from; `context(…)` varies its locale and time zone per call.
    public let environment: HostEnvironment

    /// - Parameter start: the wall-clock time at clock zero (default 2026-03-16 12:34:00 UTC).
    public init(
        start: Date = Date(timeIntervalSince1970: 1_773_664_440), store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
        transport: any HTTPTransport = LoopbackOnlyTransport(elsewhere: .unreachable(reason: "a test reaches 127.0.0.1 only"))
    ) throws {
        let clock = TestClock()
        self.clock = clock
        self.start = start
        self.store = store
        let directory = try TemporaryDirectory("featurehost-test")
        self.directory = directory
        let activity = ActivityTracker()
        self.activity = activity
        environment = HostEnvironment(
            clock: clock, now: clock.wallClock(startingAt: start), transport: transport, dataDirectory: directory.url,
            locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .gmt, hourCycle: .twentyFourHour,
            activity: activity, keyValueStore: { _ in store })
        // A save's observers (another presenter of the same store) hear it before the host counts as idle.
        store.countDeliveries(on: activity)
    }

    /// The wall-clock now: `start` plus the time the manual clock has advanced.
    public var now: Date { start.addingTimeInterval(clock.now.offset.seconds) }

    /// The host's transport as features get it (counted on `activity`).
    public var transport: any HTTPTransport { environment.transport }

    /// The context the host gives feature `id` for `source` and `settings`, in `locale` and `timeZone`.
    /// - Parameter hourCycle: nil for the locale's own clock, as the host picks when neither the config nor
    ///   the command line names one.
    public func context(
        id: FeatureID, source: SourceConfiguration? = nil, settings: [String: SettingValue] = [:],
        locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt,
        hourCycle: HourCycle? = .twentyFourHour
    ) throws -> FeatureContext {
        var environment = self.environment
        environment.locale = locale
        environment.timeZone = timeZone
        environment.hourCycle = hourCycle ?? HostEnvironment.hourCycle(for: locale)
        return try FeatureLauncher(environment: environment).context(
            id: id, source: source, settings: FeatureSettings(settings, owner: "settings of \"\(id)\""))
    }

    /// The context the host gives `feature` for a config entry with just its id: the manifest's id and default
    /// source, unless `source` names another. A feature with a data source needs one in its context.
    public func context<F: Feature>(
        for feature: F.Type, source: SourceConfiguration? = nil, settings: [String: SettingValue] = [:],
        locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt,
        hourCycle: HourCycle? = .twentyFourHour
    ) throws -> FeatureContext {
        try context(
            id: F.manifest.id, source: source ?? F.manifest.defaultSource, settings: settings, locale: locale, timeZone: timeZone,
            hourCycle: hourCycle)
    }

    /// Advances the manual clock (waking timers in order) and then waits for requests and loads to finish.
    @MainActor
    public func advance(by duration: Duration) async {
        await clock.advance(by: duration)
        await settle()
    }

    /// Waits until no request or load is in flight and every result has been applied; false when `timeout`
    /// seconds passed first. The bound is generous: on a loaded 2-core machine a loopback reply can take
    /// seconds, and a short bound would read a state the reply has not reached yet.
    @MainActor
    @discardableResult
    public func settle(timeout: Double = 60) async -> Bool {
        await IdleWaiter.wait(for: activity, timeout: timeout)
    }
}
