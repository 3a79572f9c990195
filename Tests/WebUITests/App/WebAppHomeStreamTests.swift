import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// Open home pages stay live: their stream (`/home/events`) brings the list when the config changes it, a page
/// that missed a change gets it when it reconnects, and the streams are capped (they are not sessions).
@MainActor
struct WebAppHomeStreamTests {
    let launcher = ReloadingLauncher()
    let now = ManualNow()

    private func send(_ request: HTTPServerRequest?, to app: WebApp) throws -> RecordingSink {
        let sink = RecordingSink()
        app.handle(try #require(request), sink)
        return sink
    }

    private func homeStream(_ app: WebApp, version: Int = 0) throws -> RecordingStream {
        try #require(try send(makeRequest("GET", "/home/events?v=\(version)"), to: app).streams.first)
    }

    @Test func theHomeLoadsTheScriptInItsHomeModeWithItsListsVersion() throws {
        let app = makeApp(launcher: launcher, now: now)
        let page = try #require(try send(makeRequest("GET", "/"), to: app).last).text
        #expect(page.contains(#"<script defer src="/assets/featurehost.js"></script>"#))
        #expect(page.contains(#"<body data-fh-config="0" data-fh-home="" data-fh-version="0">"#))
        #expect(page.contains(#"<main class="fh-home" id="fh-root"><header class="fh-home-header">"#))
        #expect(!page.contains("fh-config\""), "no banner while the config is good")
    }

    @Test func aChangedHomeListGoesToEveryOpenHomePage() throws {
        let app = makeApp(launcher: launcher, now: now)
        let first = try homeStream(app)
        let second = try homeStream(app)
        #expect(first.count(of: "home") == 0, "a page that is up to date hears only the heartbeat")
        #expect(app.homeStreamCount == 2)
        #expect(app.sessionCount == 0, "home pages are not sessions")
        launcher.homeEntries.append(HomeEntry(id: "notes", title: "Notes <&>", summary: "Says \"hi\""))
        app.apply(ConfigUpdate(homeChanged: true))
        for stream in [first, second] {
            #expect(stream.count(of: "home") == 1)
            #expect(stream.text.contains(#"event: home\#ndata: {"version":1,"html":"<header class=\"fh-home-header\">"#))
            #expect(stream.text.contains("Notes &lt;&amp;&gt;"), "escaped by the builder")
            #expect(stream.text.contains(#"id=\"feature-notes\""#))
            #expect(stream.text.contains(#"href=\"/f/notes\""#))
        }
        // The page served now carries the list's version; a page that missed the change gets it on connect.
        let page = try #require(try send(makeRequest("GET", "/"), to: app).last).text
        #expect(page.contains(#"data-fh-version="1""#))
        #expect(page.contains("Notes &lt;&amp;&gt;"))
        #expect(try homeStream(app, version: 0).count(of: "home") == 1)
        #expect(try homeStream(app, version: 1).count(of: "home") == 0)
    }

    @Test func anUpdateThatLeavesTheHomeAloneSendsNoList() throws {
        let app = makeApp(launcher: launcher, now: now)
        let stream = try homeStream(app)
        app.apply(ConfigUpdate(restarted: ["counter"]))
        #expect(stream.count(of: "home") == 0)
    }

    @Test func homeStreamsHearTheHeartbeatAndGoWhenTheirPageGoes() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let stream = try homeStream(app)
        #expect(stream.count(of: "beat") == 1, "the first at once")
        app.tick()
        #expect(stream.count(of: "beat") == 2)
        stream.disconnect()
        for _ in 0..<10_000 where app.homeStreamCount > 0 { await Task.yield() }
        #expect(app.homeStreamCount == 0)
    }

    @Test func pastTheCapAHomePageHearsFullAndStaysAsLoaded() async throws {
        let log = LogLines()
        var configuration = WebApp.Configuration(
            access: AccessGuard(token: testToken, hostName: testHostName, port: testPort, cookieTag: testCookieTag))
        configuration.maxHomeStreams = 2
        let app = WebApp(configuration: configuration, launcher: launcher, now: { .zero }, log: { log.lines.append($0) })
        let first = try homeStream(app)
        _ = try homeStream(app)
        let third = try homeStream(app)
        #expect(third.text == "event: full\ndata: {}\n\n")
        #expect(third.isClosed)
        #expect(app.homeStreamCount == 2)
        #expect(log.lines.count == 1)
        app.apply(ConfigUpdate(homeChanged: true))
        #expect(third.count(of: "home") == 0)
        first.disconnect()
        for _ in 0..<10_000 where app.homeStreamCount > 1 { await Task.yield() }
        let fourth = try homeStream(app)
        #expect(!fourth.isClosed, "a place freed is taken again")
        #expect(app.homeStreamCount == 2)
    }

    @Test func homeStreamsAreGuardedAndOnlyGot() throws {
        let app = makeApp(launcher: launcher, now: now)
        #expect(try send(makeRequest("GET", "/home/events?v=0", cookie: nil), to: app).last?.status.code == 403)
        #expect(try send(makeRequest("GET", "/home/events", host: "evil.example"), to: app).last?.status.code == 421)
        #expect(try send(makeRequest("POST", "/home/events", origin: "http://\(testHost)"), to: app).last?.status.code == 405)
        #expect(try send(makeRequest("GET", "/home/other"), to: app).last?.status.code == 405)
        #expect(app.homeStreamCount == 0)
    }

    @Test func shuttingDownClosesTheHomeStreams() throws {
        let app = makeApp(launcher: launcher, now: now)
        let stream = try homeStream(app)
        app.closeAll()
        #expect(stream.isClosed)
        #expect(stream.text.hasSuffix("event: stopping\ndata: {\"app\":\"FeatureHost\"}\n\n"))
        #expect(app.homeStreamCount == 0)
    }
}
