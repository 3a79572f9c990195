import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// While the config is broken every open page (home and feature pages) shows its problems in a banner, sent as
/// its own `config` event outside the patched content; a page opened meanwhile shows it from the start, and a
/// good edit clears it everywhere.
@MainActor
struct WebAppConfigBannerTests {
    let launcher = ReloadingLauncher()
    let now = ManualNow()
    let problems = [
        "/tmp/featurehost.json: features.chats.source.url: must be an http or https URL",
        "/tmp/featurehost.json: features.car-news.settings.pageSize: <must> be a number",
    ]

    private func send(_ request: HTTPServerRequest?, to app: WebApp) throws -> RecordingSink {
        let sink = RecordingSink()
        app.handle(try #require(request), sink)
        return sink
    }

    private func stream(_ target: String, in app: WebApp) throws -> RecordingStream {
        try #require(try send(makeRequest("GET", target), to: app).streams.first)
    }

    @Test func aBrokenEditGoesToEveryStreamAndAGoodOneClearsIt() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try send(makeRequest("GET", "/f/counter"), to: app)
        let feature = try stream("/s/session1/events?v=0&c=0", in: app)
        let home = try stream("/home/events?v=0&c=0", in: app)
        #expect(feature.count(of: "config") == 0 && home.count(of: "config") == 0, "nothing to say while it is good")
        app.apply(ConfigUpdate(problems: problems))
        let broken =
            #"event: config\#ndata: {"version":1,"problems":["/tmp/featurehost.json: features.chats.source.url: must be an http or https URL","#
            + #""/tmp/featurehost.json: features.car-news.settings.pageSize: <must> be a number"]}\#n\#n"#
        for stream in [feature, home] {
            #expect(stream.text.contains(broken))
            #expect(stream.count(of: "patch") == 0, "the feature's content is not touched")
        }
        app.apply(ConfigUpdate(problems: problems))
        #expect(feature.count(of: "config") == 1, "the same problems again say nothing new")
        app.apply(ConfigUpdate())
        for stream in [feature, home] {
            #expect(stream.text.hasSuffix("event: config\ndata: {\"version\":2,\"problems\":[]}\n\n"))
        }
        #expect(launcher.instances.count == 1, "a banner restarts nothing")
    }

    @Test func aPageOpenedWhileTheConfigIsBrokenShowsTheBannerFromTheStart() throws {
        let app = makeApp(launcher: launcher, now: now)
        app.apply(ConfigUpdate(problems: problems))
        for target in ["/", "/f/counter"] {
            let page = try #require(try send(makeRequest("GET", target), to: app).last).text
            #expect(page.contains(#"<section aria-label="Config errors" class="fh-config" id="fh-config" role="alert" tabindex="0">"#))
            #expect(page.contains("The config has errors; the last good config is still running."))
            #expect(page.contains("<li>/tmp/featurehost.json: features.chats.source.url: must be an http or https URL</li>"))
            #expect(page.contains("pageSize: &lt;must&gt; be a number"), "escaped")
            #expect(page.contains(#"data-fh-config="1""#))
            let banner = try #require(page.range(of: "fh-config\""))
            let root = try #require(page.range(of: "id=\"fh-root\""))
            #expect(banner.lowerBound < root.lowerBound, "above the content, outside it")
        }
        // Its stream hears the banner too, whatever version it holds (a stream that reconnects after a while).
        #expect(try stream("/s/session1/events?v=0", in: app).count(of: "config") == 1)
        #expect(try stream("/home/events?v=0&c=1", in: app).count(of: "config") == 1)
    }

    @Test func aPageThatMissedTheClearingHearsItWhenItReconnects() throws {
        let app = makeApp(launcher: launcher, now: now)
        app.apply(ConfigUpdate(problems: problems))
        _ = try send(makeRequest("GET", "/f/counter"), to: app)
        app.apply(ConfigUpdate())
        let page = try #require(try send(makeRequest("GET", "/f/counter"), to: app).last).text
        #expect(!page.contains("fh-config\""), "gone once the config is good")
        let stale = try stream("/s/session1/events?v=0&c=1", in: app)
        #expect(stale.text.contains("event: config\ndata: {\"version\":2,\"problems\":[]}"))
        #expect(try stream("/s/session1/events?v=0&c=2", in: app).count(of: "config") == 0)
    }

    @Test func aPageWhoseFeatureEndedStillHearsTheBanner() throws {
        let app = makeApp(launcher: launcher, now: now)
        _ = try send(makeRequest("GET", "/f/counter"), to: app)
        let feature = try stream("/s/session1/events?v=0", in: app)
        app.apply(ConfigUpdate(turnedOff: ["counter": "Counter"]))
        app.apply(ConfigUpdate(problems: problems))
        #expect(feature.count(of: "config") == 1)
    }

    @Test func aRunawayListIsCutToItsLimits() {
        let many = (0..<150).map { "line \($0)" } + [String(repeating: "x", count: 5000)]
        let shown = ConfigBanner.bounded(many)
        #expect(shown.count == ConfigBanner.maximumLines + 1)
        #expect(shown.last == "… and 51 more.")
        let long = ConfigBanner.bounded([String(repeating: "y", count: 5000)])
        #expect(long[0].count == ConfigBanner.maximumLineLength + 1)
    }
}
