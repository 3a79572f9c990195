import FeatureHostCore
import Foundation
import WebUI
import WebUITesting

/// A launcher whose config can change under open pages, as `HostPageLauncher.update` changes it: features run or
/// fail by id, the home list is settable, and each instance is recorded with what it heard. It holds each scene
/// weakly, so a test sees a closed page let its presenter go.
@MainActor
final class ReloadingLauncher: PageLauncher {
    final class Instance {
        let id: FeatureID
        let preferences: PagePreferences
        weak var scene: CounterScene?
        var lifecycle: [LifecycleEvent] = []
        var closed = false

        init(id: FeatureID, preferences: PagePreferences, scene: CounterScene) {
            self.id = id
            self.preferences = preferences
            self.scene = scene
        }
    }

    var homeEntries = [
        HomeEntry(id: "counter", title: "Counter", summary: "Counts"), HomeEntry(id: "clock", title: "Clock", summary: "Ticks"),
    ]
    let assets: [FeatureID: WebAssets] = [:]
    let fixesHourCycle = true
    /// The features the current config runs, by id, with their title.
    var running: [FeatureID: String] = ["counter": "Counter", "clock": "Clock"]
    /// The features the current config lists but cannot start, with why.
    var failing: [FeatureID: String] = [:]
    private(set) var instances: [Instance] = []

    func instances(of id: FeatureID) -> [Instance] { instances.filter { $0.id == id } }

    func cachedImage(forKey key: String) -> CachedImage? { nil }

    func preferences(for browser: BrowserPreferences) -> PagePreferences {
        PagePreferences(locale: Locale(identifier: "en_US"), hourCycle: .twentyFourHour, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
    }

    func launch(_ id: FeatureID, preferences: PagePreferences) -> LaunchedPage? {
        if let message = failing[id] { return .failed(title: running[id] ?? id.rawValue, message: message) }
        guard let title = running[id] else { return nil }
        let scene = CounterScene()
        let instance = Instance(id: id, preferences: preferences, scene: scene)
        instances.append(instance)
        return .running(
            PageFeature(
                title: title, scene: scene, lifecycle: { [weak instance] event in instance?.lifecycle.append(event) },
                close: { [weak instance] in instance?.closed = true }))
    }
}

@MainActor
func makeApp(launcher: ReloadingLauncher, now: ManualNow, maxHomeStreams: Int = 64) -> WebApp {
    var sessionNumber = 0
    var configuration = WebApp.Configuration(
        access: AccessGuard(token: testToken, hostName: testHostName, port: testPort, cookieTag: testCookieTag))
    configuration.maxHomeStreams = maxHomeStreams
    return WebApp(
        configuration: configuration, launcher: launcher, now: { now.value },
        makeSessionID: {
            sessionNumber += 1
            return "session\(sessionNumber)"
        })
}

extension RecordingStream {
    /// How many events named `name` the stream carried.
    func count(of name: String) -> Int { text.components(separatedBy: "event: \(name)\n").count - 1 }
}
