import DataSources
import FeatureHostCore
import FeatureHostRuntime
import Foundation

/// Everything a feature test needs to build a `FeatureContext`: a manual clock, a wall clock that moves with
/// it, an in-memory key-value store, a temporary storage folder, and the real URLSession transport (pointed
/// at a `LoopbackHTTPServer` by the test).
public final class TestHost: @unchecked Sendable {
    public let clock: TestClock
    public let start: Date
    public let store: InMemoryKeyValueStore
    public let activity = ActivityTracker()
    public let directory: TemporaryDirectory
    public var transport: any HTTPTransport

    /// - Parameter start: the wall-clock time at clock zero (default 2026-03-16 12:34:00 UTC).
    public init(
        start: Date = Date(timeIntervalSince1970: 1_773_664_440), store: InMemoryKeyValueStore = InMemoryKeyValueStore(),
        transport: any HTTPTransport = URLSessionTransport()
    ) throws {
        clock = TestClock()
        self.start = start
        self.store = store
        self.transport = transport
        directory = try TemporaryDirectory("featurehost-test")
    }

    /// The wall-clock now: `start` plus the time the manual clock has advanced.
    public var now: Date { start.addingTimeInterval(clock.now.offset.seconds) }

    public func context(
        id: FeatureID, source: SourceConfiguration? = nil, settings: [String: SettingValue] = [:],
        locale: Locale = Locale(identifier: "en_US"), timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current,
        hourCycle: HourCycle = .twentyFourHour
    ) -> FeatureContext {
        let storage = directory.url.appendingPathComponent("features/\(id.rawValue)", isDirectory: true)
        try? FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        let clock = self.clock
        let start = self.start
        return FeatureContext(
            id: id, clock: clock, now: { start.addingTimeInterval(clock.now.offset.seconds) },
            transport: TrackedTransport(transport, activity: activity), storageDirectory: storage, locale: locale,
            timeZone: timeZone, hourCycle: hourCycle, settings: FeatureSettings(settings, owner: "settings of \"\(id)\""),
            source: source, keyValueStore: store, activity: activity,
            payloadCacheFile: directory.url.appendingPathComponent("cache/payloads.sqlite"))
    }

    /// Advances the manual clock (waking timers in order) and then waits for requests and loads to finish.
    @MainActor
    public func advance(by duration: Duration) async {
        await clock.advance(by: duration)
        await settle()
    }

    /// Waits until no request or load is in flight and the main actor has run what they queued.
    @MainActor
    public func settle(timeout: Double = 10) async {
        await IdleWaiter.wait(for: activity, clock: clock, timeout: timeout)
    }
}
