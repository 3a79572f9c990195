import FeatureHostCore
import Foundation

/// What the web surface needs from the host, so WebUI never imports the runtime: the home's entries, and a
/// fresh feature per page load. The executable implements it with the runtime's `HostSession`.
@MainActor
public protocol PageLauncher: AnyObject {
    /// The home page's list, in config order: each enabled feature, and each one that cannot be shown.
    var homeEntries: [HomeEntry] { get }
    /// The assets of every feature that has a web scene, by id (served without a session).
    var assets: [FeatureID: WebAssets] { get }
    /// What a page load of `id` gets; `nil` when no feature has that id (a 404).
    func launch(_ id: FeatureID, preferences: PagePreferences) -> LaunchedPage?
    /// The conventions a page is built with: what the config and command line fix, else the browser's.
    func preferences(for browser: BrowserPreferences) -> PagePreferences
    /// Whether the config or the command line fix the hour cycle (the browser's is then not asked for).
    var fixesHourCycle: Bool { get }
    /// An image the host's cache holds (fetched by a feature through its context), served at
    /// `WebImage.path(for:)`; nil when it is not (or no longer) cached.
    func cachedImage(forKey key: String) -> CachedImage?
}

/// One line of the home page.
public struct HomeEntry: Sendable, Equatable {
    public var id: FeatureID
    public var title: String
    public var summary: String
    /// Why the feature cannot be shown (it failed to start, it has no web view); nil when it can.
    public var failure: String?

    public init(id: FeatureID, title: String, summary: String, failure: String? = nil) {
        self.id = id
        self.title = title
        self.summary = summary
        self.failure = failure
    }
}

/// The conventions a page's feature is built with. Each is what the config or the command line fixed, or
/// else the browser's (`Accept-Language`, then the client's hello).
public struct PagePreferences: Sendable, Equatable {
    public var locale: Locale
    public var hourCycle: HourCycle
    public var timeZone: TimeZone

    public init(locale: Locale, hourCycle: HourCycle, timeZone: TimeZone) {
        self.locale = locale
        self.hourCycle = hourCycle
        self.timeZone = timeZone
    }
}

/// A feature launched for one page: its scene and its lifecycle, or why it could not start.
@MainActor
public enum LaunchedPage {
    case running(PageFeature)
    case failed(title: String, message: String)
}

/// A running feature as a page holds it. `lifecycle` delivers appear/background/foreground (the host's
/// session decides who hears them); `close` lets the feature go, its effects and timers cancelled with it.
@MainActor
public struct PageFeature {
    public var title: String
    public var scene: any WebScene
    public var lifecycle: (LifecycleEvent) -> Void
    public var close: () -> Void
    /// Formats again with other preferences (a config's new locale or clock); false when the instance cannot, and
    /// must be made again with them.
    public var reformat: (PagePreferences) -> Bool

    public init(
        title: String, scene: any WebScene, lifecycle: @escaping (LifecycleEvent) -> Void, close: @escaping () -> Void,
        reformat: @escaping (PagePreferences) -> Bool = { _ in false }
    ) {
        self.title = title
        self.scene = scene
        self.lifecycle = lifecycle
        self.close = close
        self.reformat = reformat
    }
}
