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

    public init(
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, transport: any HTTPTransport,
        dataDirectory: URL, locale: Locale, timeZone: TimeZone, hourCycle: HourCycle? = nil,
        activity: ActivityTracker = ActivityTracker()
    ) {
        self.clock = clock
        self.now = now
        self.activity = activity
        self.transport = TrackedTransport(transport, activity: activity)
        self.dataDirectory = dataDirectory
        self.locale = locale
        self.timeZone = timeZone
        self.hourCycle = hourCycle ?? Self.hourCycle(for: locale)
    }

    /// The live environment: the continuous clock, the system's date, URLSession.
    public static func live(dataDirectory: URL, locale: Locale = .current, timeZone: TimeZone = .current, hourCycle: HourCycle? = nil)
        -> HostEnvironment
    {
        HostEnvironment(
            clock: ContinuousClock(), now: { Date() }, transport: URLSessionTransport(), dataDirectory: dataDirectory,
            locale: locale, timeZone: timeZone, hourCycle: hourCycle)
    }

    /// A locale's default clock: 12-hour when its short time pattern has an AM/PM marker.
    public static func hourCycle(for locale: Locale) -> HourCycle {
        let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "HH"
        return pattern.contains("a") ? .twelveHour : .twentyFourHour
    }

    public var payloadCacheFile: URL { dataDirectory.appendingPathComponent("cache/payloads.sqlite") }
    public var preferencesFile: URL { Self.preferencesFile(in: dataDirectory) }

    /// The UserDefaults suite file (Foundation adds `.plist`) that keeps every feature's small state.
    public static func preferencesFile(in dataDirectory: URL) -> URL { dataDirectory.appendingPathComponent("preferences") }

    public func storageDirectory(for id: FeatureID) -> URL {
        dataDirectory.appendingPathComponent("features/\(id.rawValue)", isDirectory: true)
    }
}
