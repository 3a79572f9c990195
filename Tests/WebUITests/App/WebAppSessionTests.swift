import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

@MainActor
struct WebAppSessionTests {
    let launcher = FakeLauncher()
    let now = ManualNow()

    private func send(_ request: HTTPServerRequest?, to app: WebApp) throws -> RecordingSink {
        let sink = RecordingSink()
        app.handle(try #require(request), sink)
        return sink
    }

    /// Opens the counter page and its event stream at the page's version.
    private func openCounter(_ app: WebApp, headers: [(String, String)] = []) throws -> (page: String, stream: RecordingStream) {
        let page = try #require(try send(makeRequest("GET", "/f/counter", headers: headers), to: app).last)
        #expect(page.status.code == 200)
        let id = "session\(launcher.launches.count)"
        let sink = try send(makeRequest("GET", "/s/\(id)/events?v=0"), to: app)
        return (page.text, try #require(sink.streams.first))
    }

    @Test func theHomeListsTheFeaturesInOrderAndSaysWhyOneCannotBeShown() throws {
        let app = makeApp(launcher: launcher, now: now)
        let page = try #require(try send(makeRequest("GET", "/"), to: app).last).text
        let counter = try #require(page.range(of: "Counter"))
        let broken = try #require(page.range(of: "Broken could not start: no disk."))
        #expect(counter.lowerBound < broken.lowerBound)
        #expect(page.contains("Counts &lt;clicks&gt;"))
        #expect(page.contains(#"href="/f/counter""#))
        #expect(page.contains("featurehost.js"), "the home is live: its script keeps the list and the banner current")
    }

    @Test func aFeaturePageIsItsOwnSessionWithTheSceneAndTheScript() throws {
        let app = makeApp(launcher: launcher, now: now)
        let (page, _) = try openCounter(app, headers: [("Accept-Language", "de-DE,de;q=0.9")])
        #expect(page.hasPrefix("<!DOCTYPE html><html lang=\"de-DE\">"))
        #expect(page.contains(#"data-fh-session="session1""#))
        #expect(page.contains(#"data-fh-version="0""#))
        #expect(page.contains(#"<main class="fh-feature" data-feature="counter" id="fh-root"><div class="counter">"#))
        #expect(page.contains(#"<script defer src="/assets/featurehost.js"></script>"#))
        #expect(page.contains(#"href="/assets/counter/counter.css""#))
        #expect(launcher.launches[0].preferences.locale.identifier == "de_DE")
        _ = try openCounter(app)
        #expect(launcher.launches.count == 2, "a second load is a second session with its own presenters")
        #expect(app.sessionCount == 2)
    }

    @Test func anUnknownFeatureIsNotFoundAndAFailedOneShowsItsPanel() throws {
        let app = makeApp(launcher: launcher, now: now)
        #expect(try send(makeRequest("GET", "/f/nothing"), to: app).last?.status.code == 404)
        let failed = try #require(try send(makeRequest("GET", "/f/broken"), to: app).last)
        #expect(failed.text.contains("Broken could not start: no disk."))
        #expect(failed.text.contains(#"role="alert""#))
        #expect(app.sessionCount == 0)
    }

    @Test func assetsAreServedWithTheirTypes() throws {
        let app = makeApp(launcher: launcher, now: now)
        let css = try #require(try send(makeRequest("GET", "/assets/counter/counter.css"), to: app).last)
        #expect(css.status.code == 200)
        #expect(css.header("Content-Type") == "text/css")
        #expect(css.text == ".counter{}")
        let script = try #require(try send(makeRequest("GET", "/assets/featurehost.js"), to: app).last)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(try send(makeRequest("GET", "/assets/counter/../../etc/passwd"), to: app).last?.status.code == 404)
        #expect(try send(makeRequest("GET", "/assets/other/counter.css"), to: app).last?.status.code == 404)
    }

    @Test func cachedImagesAreServedByKeyAndNothingElseIs() throws {
        let reference = ImageReference(key: "00ab12cd34ef5678", contentType: "image/png", byteCount: 3)
        launcher.images[reference.key] = CachedImage(reference: reference, data: Data([1, 2, 3]))
        let app = makeApp(launcher: launcher, now: now)
        #expect(WebImage.path(for: reference) == "/images/00ab12cd34ef5678")
        let image = try #require(try send(makeRequest("GET", WebImage.path(for: reference)), to: app).last)
        #expect(image.status.code == 200)
        #expect(image.body == [1, 2, 3])
        #expect(image.header("Content-Type") == "image/png")
        #expect(image.header("Cache-Control") == "private, max-age=31536000, immutable")
        #expect(image.header("X-Content-Type-Options") == "nosniff")
        #expect(
            image.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'; sandbox", "an image runs nothing")
        for missing in ["/images/ffff", "/images/..", "/images/.hidden", "/images/a%2Fb", "/images/"] {
            #expect(try send(makeRequest("GET", missing), to: app).last?.status.code == 404, "\(missing)")
        }
    }

    @Test func aClickReachesTheSceneAndItsChangeGoesOutAsAPatch() throws {
        let app = makeApp(launcher: launcher, now: now)
        let (_, stream) = try openCounter(app)
        let answer = try #require(try send(postEvent("session1", #"{"kind":"click","action":"add"}"#), to: app).last)
        #expect(answer.status.code == 204)
        #expect(launcher.launches[0].scene.count == 1)
        #expect(stream.text.contains("event: patch\nid: 1\ndata: {\"from\":0,\"to\":1,"))
        #expect(stream.text.contains("1"))
        #expect(!stream.text.contains("<button"), "only what changed is sent, not the page")
    }

    @Test func aStreamThatMissedPatchesGetsTheWholeRootFirst() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try openCounter(app)
        _ = try send(postEvent("session1", #"{"kind":"click","action":"add"}"#), to: app)
        let late = try #require(try send(makeRequest("GET", "/s/session1/events?v=0"), to: app).streams.first)
        #expect(late.text.contains("\"from\":0,\"to\":1,"))
        #expect(late.text.contains("<button"))
        let current = try #require(try send(makeRequest("GET", "/s/session1/events?v=1"), to: app).streams.first)
        #expect(
            current.text == "event: beat\ndata: {\"every\":2000}\n\n",
            "a client that is up to date hears only the first heartbeat until the next change")
    }

    @Test func helloAppearsWhenVisibleAndVisibilityMapsToBackgroundAndForeground() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try openCounter(app)
        _ = try send(postEvent("session1", #"{"kind":"hello","hourCycle":"h23","timeZone":"UTC","visible":true}"#), to: app)
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":false}"#), to: app)
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":true}"#), to: app)
        #expect(launcher.launches.count == 1, "same clock: no rebuild")
        #expect(launcher.launches[0].lifecycle == [.willEnterForeground, .appear, .didEnterBackground, .willEnterForeground])
    }

    @Test func aHiddenPageAppearsOnlyWhenFirstShown() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try openCounter(app)
        _ = try send(postEvent("session1", #"{"kind":"hello","hourCycle":"h23","visible":false}"#), to: app)
        #expect(launcher.launches[0].lifecycle == [.didEnterBackground])
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":true}"#), to: app)
        #expect(launcher.launches[0].lifecycle == [.didEnterBackground, .willEnterForeground, .appear])
    }

    @Test func theBrowsersHourCycleRebuildsTheFeatureBeforeItAppearsAndIsRemembered() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try openCounter(app)
        let answer = try #require(
            try send(postEvent("session1", #"{"kind":"hello","hourCycle":"h12","timeZone":"Europe/Berlin","visible":true}"#), to: app).last)
        #expect(launcher.launches.count == 2)
        #expect(launcher.launches[0].closed, "the first build goes, before it started anything")
        #expect(launcher.launches[0].lifecycle.isEmpty)
        #expect(launcher.launches[1].preferences.hourCycle == .twelveHour)
        #expect(launcher.launches[1].preferences.timeZone.identifier == "Europe/Berlin")
        #expect(launcher.launches[1].lifecycle == [.willEnterForeground, .appear])
        let cookieName = "featurehost-hour-cycle-\(testCookieTag)"
        #expect(answer.headerValues("Set-Cookie").contains("\(cookieName)=h12; Path=/; HttpOnly; SameSite=Strict"))
        // The next page load is built with the remembered clock at once.
        _ = try send(makeRequest("GET", "/f/counter", cookie: "featurehost-token=\(testToken); \(cookieName)=h12"), to: app)
        #expect(launcher.launches[2].preferences.hourCycle == .twelveHour)
    }

    @Test func badEventsAreNamedAndTheSessionGoesOn() throws {
        let log = LogLines()
        let app = makeApp(launcher: launcher, now: now, log: log)
        _ = try openCounter(app)
        let bad = try #require(try send(postEvent("session1", #"{"kind":"explode"}"#), to: app).last)
        #expect(bad.status.code == 400)
        let wrongType = makeRequest(
            "POST", "/s/session1/event", origin: "http://\(testHost)", headers: [("Content-Type", "text/plain")], body: "{}")
        #expect(try send(wrongType, to: app).last?.status.code == 415)
        #expect(try send(postEvent("nobody", #"{"kind":"click","action":"add"}"#), to: app).last?.status.code == 404)
        #expect(try send(postEvent("session1", #"{"kind":"click","action":"unknown"}"#), to: app).last?.status.code == 204)
        #expect(try send(postEvent("session1", #"{"kind":"click","action":"add"}"#), to: app).last?.status.code == 204)
        #expect(launcher.launches[0].scene.count == 1)
        #expect(log.lines.count == 3)
    }

    @Test func aBrowserRefusedGetsAPageSayingHowToGetIn() throws {
        let app = makeApp(launcher: launcher, now: now)
        // A page of this run opened without its token, as a browser asks for it (Accept: text/html).
        let visit = makeRequest("GET", "/f/counter", cookie: nil, headers: [("Accept", "text/html,application/xhtml+xml")])
        let page = try #require(try send(visit, to: app).responses.first)
        #expect(page.status == .forbidden)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains("This page needs this run&#39;s address"))
        // Once, how to get in: the command as code, no backticks, and no link home (home refuses the same way).
        #expect(page.text.contains("<title>This page needs this run&#39;s address · FeatureHost</title>"))
        #expect(page.text.contains("To get in, open the address <code>featurehost serve</code> printed when it started"))
        #expect(page.text.components(separatedBy: "open the address").count == 2)
        #expect(!page.text.contains("`") && !page.text.contains("href=\"/\""))
        #expect(page.text.contains(#"<link href="/assets/featurehost.css" rel="stylesheet">"#))
        // A script or curl still gets the plain-text refusal.
        let plain = try #require(try send(makeRequest("GET", "/f/counter", cookie: nil), to: app).responses.first)
        #expect(plain.status == .forbidden)
        #expect(plain.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func aGoneSessionTellsItsStreamSoThePageReloads() throws {
        let app = makeApp(launcher: launcher, now: now)
        let stream = try #require(try send(makeRequest("GET", "/s/nobody/events?v=3"), to: app).streams.first)
        #expect(stream.text == "event: gone\ndata: {}\n\n")
        #expect(stream.isClosed)
    }

    @Test func aPageWithoutAStreamClosesAfterTheGracePeriod() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let (_, stream) = try openCounter(app)
        now.value = .seconds(100)
        app.tick()
        #expect(app.sessionCount == 1, "a connected page stays")
        // The heartbeat, with how often the next come: a page that misses three says the host stopped answering.
        #expect(stream.text.contains("event: beat\ndata: {\"every\":2000}\n\n"))
        stream.disconnect()
        for _ in 0..<10_000 where app.streamCount > 0 { await Task.yield() }
        #expect(app.streamCount == 0)
        now.value = .seconds(129)
        app.tick()
        #expect(app.sessionCount == 1, "within the grace period a reload or reconnect finds it")
        now.value = .seconds(131)
        app.tick()
        #expect(app.sessionCount == 0)
        #expect(launcher.launches[0].closed)
    }

    @Test func aHiddenPageThatGaveUpItsStreamIsKeptLonger() async throws {
        let app = makeApp(launcher: launcher, now: now)
        let (_, stream) = try openCounter(app)
        _ = try send(postEvent("session1", #"{"kind":"hello","hourCycle":"h23","visible":true}"#), to: app)
        _ = try send(postEvent("session1", #"{"kind":"visibility","visible":false}"#), to: app)
        stream.disconnect()
        for _ in 0..<10_000 where app.streamCount > 0 { await Task.yield() }
        now.value = .seconds(29 * 60)
        app.tick()
        #expect(app.sessionCount == 1, "a hidden tab reconnects when shown, maybe much later")
        now.value = .seconds(31 * 60)
        app.tick()
        #expect(app.sessionCount == 0)
        #expect(launcher.launches[0].closed)
    }

    @Test func thePageThatNeverConnectsIsClosedToo() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try send(makeRequest("GET", "/f/counter"), to: app)
        now.value = .seconds(31)
        app.tick()
        #expect(app.sessionCount == 0)
        #expect(launcher.launches[0].closed)
    }

    @Test func pastTheLimitTheLongestDisconnectedSessionGoesFirst() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try send(makeRequest("GET", "/f/counter"), to: app)  // session1, never connected
        now.value = .seconds(1)
        _ = try openCounter(app)  // session2, connected
        _ = try send(makeRequest("GET", "/f/counter"), to: app)  // session3
        _ = try send(makeRequest("GET", "/f/counter"), to: app)  // session4 evicts session1
        #expect(app.sessionCount == 3)
        #expect(launcher.launches[0].closed)
        #expect(!launcher.launches[1].closed)
    }

    @Test func shuttingDownClosesEverySessionAndItsStreamsSayingTheHostIsStopping() throws {
        let app = makeApp(launcher: launcher, now: now, appName: "My \"App\"")
        let (_, stream) = try openCounter(app)
        app.closeAll()
        #expect(launcher.launches[0].closed)
        #expect(stream.isClosed)
        // Not `gone`: the page would reload into a closed port. It keeps its content and names who stopped.
        #expect(stream.text.hasSuffix("event: stopping\ndata: {\"app\":\"My \\\"App\\\"\"}\n\n"))
        #expect(!stream.text.contains("event: gone"))
    }
}
