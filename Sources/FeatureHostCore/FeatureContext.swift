import Foundation

/// What the host owns and lends a feature. No globals: everything time-, network-, storage- or
/// locale-dependent comes from here, so tests and `snapshot` can fix it.
public struct FeatureContext: Sendable {
    public var id: FeatureID
    /// Monotonic time for timers and animations; `ContinuousClock` live, a manual clock in tests and snapshots.
    public var clock: any Clock<Duration>
    /// Wall-clock "now" for calendar decisions ("this year", "yesterday").
    public var now: @Sendable () -> Date
    public var transport: any HTTPTransport
    /// A directory of the feature's own, created by the host.
    public var storageDirectory: URL
    public var locale: Locale
    public var timeZone: TimeZone
    public var hourCycle: HourCycle
    public var settings: FeatureSettings
    /// The configured source, or `nil` for a feature with no data source.
    public var source: SourceConfiguration?
    /// Small persistent state, scoped to this feature.
    public var keyValueStore: any KeyValueStore
    /// Where requests and loads report themselves in flight.
    public var activity: ActivityTracker
    /// The host-wide database that keeps the last good payload of each cached `http` source.
    public var payloadCacheFile: URL
    /// The host's image cache: fetched once, kept on disk, served by key.
    public var images: any ImageLoading
    /// What this run of the host keeps for the feature across every instance of it (the shell's, each web
    /// page's): one per feature id and run. A context made outside a host has a run of its own.
    public var run: FeatureRun
    /// Notes each effect and timer the context's runners start: set by `TestHost`, for `PresenterTestStore`;
    /// nil in production.
    public var effectLog: EffectLog?
    /// How the surface the instance is made for draws motion: `.stepped` for the terminal (and by default),
    /// `.animated` for a web page.
    public var motion: Motion

    public init(
        id: FeatureID, clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, transport: any HTTPTransport,
        storageDirectory: URL, locale: Locale, timeZone: TimeZone, hourCycle: HourCycle,
        settings: FeatureSettings = FeatureSettings(), source: SourceConfiguration?, keyValueStore: any KeyValueStore,
        activity: ActivityTracker, payloadCacheFile: URL, images: any ImageLoading, run: FeatureRun = FeatureRun(),
        effectLog: EffectLog? = nil, motion: Motion = .stepped
    ) {
        self.id = id
        self.clock = clock
        self.now = now
        self.transport = transport
        self.storageDirectory = storageDirectory
        self.locale = locale
        self.timeZone = timeZone
        self.hourCycle = hourCycle
        self.settings = settings
        self.source = source
        self.keyValueStore = keyValueStore
        self.activity = activity
        self.payloadCacheFile = payloadCacheFile
        self.images = images
        self.run = run
        self.effectLog = effectLog
        self.motion = motion
    }

    /// A runner for a presenter's async work and timers, counted on this context's activity tracker. The
    /// presenter owns it: its work is cancelled with it. It notes its starts on `effectLog`, when there is one.
    @MainActor public func makeEffects() -> EffectRunner { EffectRunner(activity: activity, log: effectLog) }

    /// A fresh timeline on this context's clock, starting now.
    public func makeTimeline() -> MonotonicTimeline { MonotonicTimeline(clock: clock) }

    /// A Gregorian calendar in the user's time zone and locale.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        calendar.timeZone = timeZone
        return calendar
    }
}
