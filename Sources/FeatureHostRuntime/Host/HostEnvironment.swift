import DataSources
import FeatureHostCore
import Foundation

/// What the host lends every feature: time, network, storage and the user's locale preferences.
public struct HostEnvironment: Sendable {
    public var clock: any Clock<Duration>
    public var now: @Sendable () -> Date
    public var transport: any HTTPTransport
    public var dataDirectory: URL
    public var locale: Locale
    public var timeZone: TimeZone
    public var hourCycle: HourCycle
    public var activity: ActivityTracker
    /// Shared by every feature, so one URL is fetched once host-wide.
    public var images: any ImageLoading
    /// Each feature's small persistent state; the preferences file under the data directory unless a test
    /// lends another.
    public var keyValueStore: @Sendable (FeatureID) throws -> any KeyValueStore
    /// What every instance of a feature shares in this run (`FeatureContext.run`), one per feature id. A copy of
    /// the environment (a web page's, with its own locale) shares it.
    public var runs: FeatureRuns
    /// How the surface the features are made for draws motion (`FeatureContext.motion`): `.stepped` (the
    /// terminal) unless a web page's copy of the environment says `.animated`.
    public var motion: Motion = .stepped
    /// Changes to the preferences file: each store made by the default `keyValueStore` tells the others of its
    /// saves; nil when the caller lends its own stores.
    public let keyValueChanges: KeyValueChangeFeed?

    public init(
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, transport: any HTTPTransport,
        dataDirectory: URL, locale: Locale, timeZone: TimeZone, hourCycle: HourCycle? = nil,
        activity: ActivityTracker = ActivityTracker(), keyValueStore: (@Sendable (FeatureID) throws -> any KeyValueStore)? = nil
    ) {
        self.clock = clock
        self.now = now
        self.activity = activity
        let tracked = TrackedTransport(transport, activity: activity)
        self.transport = tracked
        self.dataDirectory = dataDirectory
        self.locale = locale
        self.timeZone = timeZone
        self.hourCycle = hourCycle ?? Self.hourCycle(for: locale)
        images = ImageCache(directory: Self.imageCacheDirectory(in: dataDirectory), transport: tracked)
        runs = FeatureRuns()
        if let keyValueStore {
            self.keyValueStore = keyValueStore
            keyValueChanges = nil
        } else {
            let preferences = Self.preferencesFile(in: dataDirectory)
            let changes = KeyValueChangeFeed(suiteFile: preferences, activity: activity)
            self.keyValueStore = { id in try PlistFileStore(suiteFile: preferences, prefix: "\(id.rawValue).", changes: changes) }
            keyValueChanges = changes
        }
    }

    /// Looks for saved values another process changed (`featurehost store set`, a second host) and tells the
    /// features that keep them. The surfaces call it every few seconds and when the user comes back (a page shown
    /// or focused, the terminal focused again).
    public func lookForOutsideChanges() {
        keyValueChanges?.lookForOutsideChanges()
    }

    /// The live environment: the continuous clock, the system's date, the libcurl transport (`LiveHTTPTransport`).
    public static func live(dataDirectory: URL, locale: Locale, timeZone: TimeZone, hourCycle: HourCycle? = nil)
        -> HostEnvironment
    {
        HostEnvironment(
            clock: ContinuousClock(), now: { Date() }, transport: liveTransport(dataDirectory: dataDirectory),
            dataDirectory: dataDirectory, locale: locale, timeZone: timeZone, hourCycle: hourCycle)
    }

    /// The live transport, with the folders FoundationNetworking makes for itself kept under the data directory.
    public static func liveTransport(dataDirectory: URL) -> LiveHTTPTransport {
        FeatureContext.liveTransport(in: DataLayout(dataDirectory))
    }

    /// A locale's default clock: 12-hour when its short time pattern has an AM/PM marker.
    public static func hourCycle(for locale: Locale) -> HourCycle { HourCycle.preferred(by: locale) }

    /// The files under the data directory (`DataLayout`), the same for the host, its plugins and an app.
    public var layout: DataLayout { DataLayout(dataDirectory) }
    public var payloadCacheFile: URL { layout.payloadCacheFile }

    public static func imageCacheDirectory(in dataDirectory: URL) -> URL { DataLayout(dataDirectory).imageCacheDirectory }

    /// The preferences file (`PlistFileStore` adds `.plist`) that keeps every feature's small state.
    public static func preferencesFile(in dataDirectory: URL) -> URL { DataLayout(dataDirectory).preferencesFile }

    public func storageDirectory(for id: FeatureID) -> URL { layout.storageDirectory(for: id) }
}
