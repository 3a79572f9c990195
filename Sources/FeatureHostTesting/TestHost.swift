import DataSources
import FeatureHostCore
import Foundation

/// Everything a feature test needs to build a `FeatureContext` through the host's own assembly
/// (`FeatureContext.standard`, which the host's `FeatureLauncher` calls too): a manual clock, a wall clock that
/// moves with it, an in-memory key-value store, a temporary data directory, and the real transport for 127.0.0.1
/// only (pointed at a `LoopbackHTTPServer` by the test): a test never reaches the internet, whatever URL a sample
/// holds. Needs neither the host's config, its registry nor its plugin loader, so a plugin's or an app's tests
/// use it as the repository's own do.
public final class TestHost: Sendable {
    public let clock: TestClock
    public let start: Date
    public let store: InMemoryKeyValueStore
    public let activity: ActivityTracker
    public let directory: TemporaryDirectory
    /// The host's transport as features get it (counted on `activity`).
    public let transport: any HTTPTransport
    /// The image cache every context of this host shares (under the data directory), before it is scoped to a
    /// feature's source.
    public let images: any ImageLoading
    /// Each feature's run, shared by every context this host makes for its id (as the host shares it between the
    /// shell and every web page).
    public let runs = FeatureRuns()
    /// Where the runners of this host's contexts note each effect and timer they start: what a
    /// `PresenterTestStore` on this host asserts.
    public let effectLog = EffectLog()

    /// - Parameter start: the wall-clock time at clock zero (default 2026-03-16 12:34:00 UTC).
    public init(
        start: Date = Date(timeIntervalSince1970: 1_773_664_440), store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
        transport: any HTTPTransport = LoopbackOnlyTransport(elsewhere: .unreachable(reason: "a test reaches 127.0.0.1 only"))
    ) throws {
        clock = TestClock()
        self.start = start
        self.store = store
        directory = try TemporaryDirectory("featurehost-test")
        let activity = ActivityTracker()
        self.activity = activity
        let tracked = TrackedTransport(transport, activity: activity)
        self.transport = tracked
        images = ImageCache(directory: DataLayout(directory.url).imageCacheDirectory, transport: tracked)
        // A save's observers (another presenter of the same store) hear it before the host counts as idle.
        store.countDeliveries(on: activity)
    }

    /// The wall-clock now: `start` plus the time the manual clock has advanced.
    public var now: Date { start.addingTimeInterval(clock.now.offset.seconds) }

    /// Where the contexts' files go: the temporary data directory's layout, as the host's.
    public var layout: DataLayout { DataLayout(directory.url) }
    /// The database of cached payloads every context shares.
    public var payloadCacheFile: URL { layout.payloadCacheFile }

    /// The context the host gives feature `id` for `source` and `settings`, in `locale` and `timeZone`.
    /// - Parameter hourCycle: nil for the locale's own clock, as the host picks when neither the config nor
    ///   the command line names one.
    public func context(
        id: FeatureID, source: SourceConfiguration? = nil, settings: [String: SettingValue] = [:],
        locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt,
        hourCycle: HourCycle? = .twentyFourHour
    ) throws -> FeatureContext {
        var context = try FeatureContext.standard(
            id: id, dataDirectory: directory.url, source: source, settings: FeatureSettings(settings, owner: "settings of \"\(id)\""),
            locale: locale, timeZone: timeZone, hourCycle: hourCycle, clock: clock, now: clock.wallClock(startingAt: start),
            activity: activity, transport: transport, images: images, keyValueStore: store, run: runs.run(for: id))
        context.effectLog = effectLog
        return context
    }

    /// A runner as this host's contexts make it: counted on `activity`, its starts noted on `effectLog`.
    @MainActor public func makeEffects() -> EffectRunner { EffectRunner(activity: activity, log: effectLog) }

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

    /// `advance(by:)` in whole milliseconds, so `0.175` means exactly 175 ms (a `Double` 0.175 is a hair off).
    @MainActor
    public func advance(seconds: Double) async {
        await advance(by: .milliseconds(Int64((seconds * 1_000).rounded())))
    }

    /// Waits until no request or load is in flight and every result has been applied; false when `timeout`
    /// seconds passed first. The bound catches a hang, not slowness: `swift test` starts every test at once on
    /// Swift's pool (two threads on a 2-core machine), so the work a test waits for queues behind the whole suite's,
    /// which takes minutes on a loaded machine; a shorter bound would read a state the work has not reached yet.
    @MainActor
    @discardableResult
    public func settle(timeout: Double = TestHost.idleTimeout) async -> Bool {
        await activity.waitUntilIdle(timeout: timeout)
    }

    /// How long `settle` and `PresenterTestStore` wait, in real time, for work in flight before they call it hung.
    public static let idleTimeout: Double = 300
}
