import FeatureHostCore
import Foundation
import Observation
import WebUI

let testPort = 8123
let testToken = "0123456789abcdef0123456789abcdef"
let testHostName = "fh-0123456789abcdef.localhost"
let testHost = "\(testHostName):\(testPort)"
/// The tag in the names of the host's own cookies (random per run in `serve`).
let testCookieTag = "00112233aabbccdd"

/// A request as the parser yields it, so tests go through the same header handling as the server.
func makeRequest(
    _ method: String = "GET", _ target: String, host: String? = testHost, cookie: String? = "featurehost-token=\(testToken)",
    origin: String? = nil, headers: [(String, String)] = [], body: String = ""
) -> HTTPServerRequest? {
    var text = "\(method) \(target) HTTP/1.1\r\n"
    if let host { text += "Host: \(host)\r\n" }
    if let cookie { text += "Cookie: \(cookie)\r\n" }
    if let origin { text += "Origin: \(origin)\r\n" }
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    if !body.isEmpty || method == "POST" { text += "Content-Length: \(body.utf8.count)\r\n" }
    text += "\r\n" + body
    var parser = HTTPRequestParser()
    if case .request(let request) = parser.feed(Array(text.utf8)) { return request }
    return nil
}

func postEvent(_ session: String, _ json: String) -> HTTPServerRequest? {
    makeRequest(
        "POST", "/s/\(session)/event", origin: "http://\(testHost)", headers: [("Content-Type", "application/json")], body: json)
}

/// A counter page: a button that adds one, a label with the count. Observable, as a presenter is: the page's
/// render loop sees its changes.
@MainActor
@Observable
final class CounterScene: WebScene {
    var count = 0
    /// Text from outside shown under the count (none by default).
    var note = ""
    @ObservationIgnored var events: [PageEvent] = []
    /// How many times the page rendered the scene.
    @ObservationIgnored private(set) var renders = 0

    func render() -> HTML {
        renders += 1
        return Tag.div(.class("counter")) {
            Tag.span(.class("count")) { "\(count)" }.id("count")
            Tag.button(.data("action", "add")) { "Add" }
            if !note.isEmpty { Tag.p(.class("note"), .aria("label", note)) { note } }
        }
    }

    func handle(_ event: PageEvent) -> WebEventHandling {
        events.append(event)
        guard event.kind == .click, event.action == "add" else { return .ignored }
        count += 1
        return .handled
    }
}

/// Launches counter pages and records what each one heard.
@MainActor
final class FakeLauncher: PageLauncher {
    struct Launch {
        let preferences: PagePreferences
        let scene: CounterScene
        var lifecycle: [LifecycleEvent] = []
        var closed = false
    }

    var launches: [Launch] = []
    var images: [String: CachedImage] = [:]
    var fixesHourCycle = false
    var failing: Set<FeatureID> = []
    let homeEntries = [
        HomeEntry(id: "counter", title: "Counter", summary: "Counts <clicks>"),
        HomeEntry(id: "broken", title: "Broken", summary: "Never starts", failure: "Broken could not start: no disk."),
    ]
    let assets: [FeatureID: WebAssets] = [
        "counter": WebAssets([WebAsset(name: "counter.css", contentType: "text/css", text: ".counter{}")])
    ]

    func cachedImage(forKey key: String) -> CachedImage? { images[key] }

    func preferences(for browser: BrowserPreferences) -> PagePreferences {
        PagePreferences(
            locale: Locale(identifier: browser.localeIdentifier ?? "en_US"), hourCycle: browser.hourCycle ?? .twentyFourHour,
            timeZone: browser.timeZone ?? TimeZone(identifier: "UTC") ?? .gmt)
    }

    func launch(_ id: FeatureID, preferences: PagePreferences) -> LaunchedPage? {
        if id == "broken" { return .failed(title: "Broken", message: "Broken could not start: no disk.") }
        guard id == "counter" else { return nil }
        let scene = CounterScene()
        let index = launches.count
        launches.append(Launch(preferences: preferences, scene: scene))
        return .running(
            PageFeature(
                title: "Counter", scene: scene,
                lifecycle: { [weak self] event in self?.launches[index].lifecycle.append(event) },
                close: { [weak self] in self?.launches[index].closed = true }))
    }
}

/// A manual monotonic time for the grace period.
@MainActor
final class ManualNow {
    var value: Duration = .zero
}

@MainActor
func makeApp(launcher: FakeLauncher, now: ManualNow, log: LogLines = LogLines(), appName: String = PageShell.defaultAppName) -> WebApp {
    var sessionNumber = 0
    var configuration = WebApp.Configuration(
        access: AccessGuard(token: testToken, hostName: testHostName, port: testPort, cookieTag: testCookieTag), appName: appName)
    configuration.gracePeriod = .seconds(30)
    configuration.maxSessions = 3
    return WebApp(
        configuration: configuration, launcher: launcher, now: { now.value }, log: { log.lines.append($0) },
        makeSessionID: {
            sessionNumber += 1
            return "session\(sessionNumber)"
        })
}

@MainActor
final class LogLines {
    var lines: [String] = []
}

extension HTTPServerResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? { headers[name] }
    func headerValues(_ name: String) -> [String] { headers.values(for: name) }
}
