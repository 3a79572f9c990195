import FeatureHostCore
import Foundation

extension FeatureContext {
    /// A feature's context as the host makes it, for whoever drives a feature without the host: an app, a
    /// test, a plugin's process. Nothing of the host's config, registry or plugin loader is needed:
    ///
    /// ```swift
    /// let context = try FeatureContext.standard(
    ///     id: TransactionsFeature.manifest.id, dataDirectory: appSupport, source: TransactionsFeature.manifest.defaultSource,
    ///     locale: Locale(identifier: "en_US"), timeZone: .current)
    /// let feature = try TransactionsFeature(context: context)
    /// ```
    ///
    /// Files go where the host keeps them (`DataLayout`): the feature's storage directory is made here if it can be, its
    /// small state is kept in the shared preferences file under its id, and cached payloads and images under
    /// `cache/`. Several features of one app share what they should share by passing the same `activity`,
    /// `transport` and `images` (one URL is then fetched once for all of them). The image loader is always scoped
    /// to the source's own origin, as the host scopes it: pictures come from public hosts or that server.
    ///
    /// - Parameters:
    ///   - hourCycle: nil for the locale's own clock.
    ///   - clock: monotonic time for timers; a `ManualClock` in tests.
    ///   - now: the wall clock.
    ///   - activity: where requests, loads and effects count themselves in flight.
    ///   - transport: used as it is (count it on `activity` yourself, with `TrackedTransport`); nil for the live
    ///     transport, counted on `activity`.
    ///   - images: nil for an image cache under the data directory on `transport`.
    ///   - keyValueStore: nil for the shared preferences file, scoped to `id`.
    ///   - run: what every instance of the feature in this process shares (a host lends one per feature id).
    ///   - motion: how the surface draws motion; `.animated` for one that animates transitions itself (a web page).
    public static func standard(
        id: FeatureID, dataDirectory: URL, source: SourceConfiguration? = nil, settings: FeatureSettings? = nil,
        locale: Locale, timeZone: TimeZone, hourCycle: HourCycle? = nil,
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() },
        activity: ActivityTracker = ActivityTracker(), transport: (any HTTPTransport)? = nil, images: (any ImageLoading)? = nil,
        keyValueStore: (any KeyValueStore)? = nil, run: FeatureRun = FeatureRun(), motion: Motion = .stepped
    ) throws -> FeatureContext {
        let layout = DataLayout(dataDirectory)
        let storage = layout.storageDirectory(for: id)
        // Made when it can be, never required: on a read-only or full volume a feature that saves nothing runs, and
        // one that saves runs and says, at its first save, that the change was not kept (each save names the file
        // and the reason). Nothing in the folder is touched.
        try? DataLayout.prepare(storage)
        let transport = transport ?? TrackedTransport(liveTransport(in: layout), activity: activity)
        let images = images ?? ImageCache(directory: layout.imageCacheDirectory, transport: transport)
        return FeatureContext(
            id: id, clock: clock, now: now, transport: transport, storageDirectory: storage, locale: locale, timeZone: timeZone,
            hourCycle: hourCycle ?? HourCycle.preferred(by: locale),
            settings: settings ?? FeatureSettings(owner: "settings of \"\(id)\""), source: source,
            keyValueStore: try keyValueStore ?? PlistFileStore(suiteFile: layout.preferencesFile, prefix: "\(id.rawValue)."),
            activity: activity, payloadCacheFile: layout.payloadCacheFile, images: images.scoped(trusting: trustedOrigin(of: source)),
            run: run, motion: motion)
    }

    /// The live transport, with the folders FoundationNetworking makes for itself kept under the data directory.
    public static func liveTransport(in layout: DataLayout) -> LiveHTTPTransport {
        FoundationNetworkingFiles.keep(under: layout.foundationDirectory)
        return LiveHTTPTransport()
    }

    /// The origin image and avatar URLs in a feature's data may use besides public hosts: its web source's own.
    public static func trustedOrigin(of source: SourceConfiguration?) -> HTTPOrigin? {
        guard let source, source.kind == .http, let url = source.url else { return nil }
        return HTTPOrigin(url)
    }
}
