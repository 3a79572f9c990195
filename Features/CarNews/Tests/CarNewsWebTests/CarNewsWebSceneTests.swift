import CarNewsFeature
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUI
import WebUITesting

@testable import CarNewsWeb

/// Golden HTML of each state the terminal reaches, as the page shows it.
@MainActor
@Suite("Car news web: states")
struct CarNewsWebStateTests {
    let golden = GoldenFile.directory()

    @Test("the feature makes the web scene and ships its stylesheet")
    func makesTheScene() throws {
        let h = try WebHarness()
        #expect(h.feature.makeWebScene() is CarNewsWebScene)
        #expect(CarNewsFeature.webAssets.stylesheets.map(\.name) == ["car-news.css"])
        guard case .success(let bytes) = CarNewsFeature.webAssets.files.first?.contents else {
            Issue.record("car-news.css is not in the bundle")
            return
        }
        #expect(bytes.count > 2_000)
    }

    @Test("before the page appears, and while the first load runs: Loading articles…, no refresh control in the body")
    func loading() async throws {
        let h = try WebHarness()
        try GoldenFile.check(h.scene.goldenText(), named: "loading.html", in: golden)
        await h.appear(settle: false)
        #expect(h.scene.html().contains(">Updating…<"))
        #expect(h.scene.html().contains(">Loading articles…<"))
        #expect(!h.scene.html().contains("car-news-message-action"), "the first load offers no button")
    }

    @Test("the list: newest first, picture (loaded from the host's cache, failed, none) with the title over it, date under")
    func list() async throws {
        let h = try WebHarness()
        await h.appear()
        try GoldenFile.check(h.scene.goldenText(), named: "list.html", in: golden)
        let html = h.scene.html()
        // Newest first: 16 March (this year) before 2018 and 2017, in the spec's formats.
        let a8 = try #require(html.range(of: "A8 – night vision"))
        let q7 = try #require(html.range(of: "Q7 – Greatness starts, when you don&#39;t stop."))
        #expect(a8.lowerBound < q7.lowerBound)
        #expect(html.contains(">16 March, 09:05<"))
        #expect(html.contains(">25 May 2018, 14:13<"))
        #expect(html.contains(">20 December 2017, 21:43<"))
        // Loaded: the cache's path on the same origin; failed and none: a placeholder in the same frame.
        guard case .loaded(let reference) = h.state.rows[1].image else {
            Issue.record("the Q7's picture did not load: \(String(describing: h.state.rows[1].image))")
            return
        }
        #expect(html.contains("src=\"\(WebImage.path(for: reference))\""))
        #expect(html.contains("alt=\"Image: audi_q7.png\""))
        #expect(html.contains("car-news-placeholder is-failed"))
        // A failed picture is not the striped one still loading: it says so.
        #expect(html.contains("role=\"img\"><span class=\"car-news-no-image\">Picture not available</span>"))
        #expect(html.contains(">No image<"))
        #expect(html.contains("No picture &lt;b&gt;here&lt;/b&gt;"))
        #expect(html.components(separatedBy: "class=\"car-news-frame\"").count == 4)
        #expect(!html.contains("car-news-pager"))
    }

    @Test("a list seen once shows its pictures offline: the saved rows, the cached picture, the offline banner")
    func offline() async throws {
        let h = try WebHarness(
            WebFixtures.server([
                .success(WebFixtures.ok(WebFixtures.quirkyReply)), .failure(.status(500, WebHarness.url)),
            ]))
        await h.appear()
        await h.host.advance(by: .seconds(90))
        #expect(await h.send(.key("r")) == .handled)
        try GoldenFile.check(h.scene.goldenText(), named: "offline-banner.html", in: golden)
        let html = h.scene.html()
        #expect(html.contains(">Offline — last updated 16 March, 12:34<"))
        #expect(html.contains("HTTP 500"))
        #expect(html.contains(">Retry<"))
        #expect(html.contains("src=\"/images/"))
    }

    @Test("nothing saved and no server: the error screen with Retry; Retry loads the list")
    func error() async throws {
        let h = try WebHarness(
            WebFixtures.server([
                .failure(.cannotConnect(WebHarness.url, reason: "the connection was refused")),
                .success(WebFixtures.ok(WebFixtures.quirkyReply)),
            ]))
        await h.appear()
        try GoldenFile.check(h.scene.goldenText(), named: "error.html", in: golden)
        #expect(h.scene.html().contains("role=\"alert\""))
        // While the retry runs, the Retry button stays (busy) under the reader's focus.
        #expect(h.scene.handle(.click("refresh")) == .handled)
        #expect(h.scene.html().contains(">Loading articles…<"))
        #expect(
            h.scene.html().contains(
                "aria-busy=\"true\" class=\"car-news-button car-news-retry\" data-action=\"refresh\" id=\"car-news-message-action\""))
        await h.host.settle()
        #expect(h.state.rows.count == 3)
    }

    @Test("a good empty reply: no articles yet, and a Refresh button")
    func empty() async throws {
        let h = try WebHarness(WebFixtures.server([.success(WebFixtures.ok(#"{"status":"success","content":[]}"#))]))
        await h.appear()
        try GoldenFile.check(h.scene.goldenText(), named: "empty.html", in: golden)
        #expect(h.scene.html().contains(">There are no articles yet.<"))
    }

    @Test("an article: loading its text, then picture, title, date, ingress, content and tags over the list, which leaves the tab order")
    func detail() async throws {
        let h = try WebHarness()
        await h.appear()
        #expect(h.scene.handle(.click("open-119302")) == .handled)
        #expect(h.state.detail?.isLoading == true)
        try GoldenFile.check(h.scene.goldenText(), named: "detail-loading.html", in: golden)
        #expect(h.scene.html().contains(">Loading the article…<"))
        await h.host.settle()
        try GoldenFile.check(h.scene.goldenText(), named: "detail.html", in: golden)
        let html = h.scene.html()
        #expect(html.contains("<div aria-hidden=\"true\" class=\"car-news-list-view\""))
        #expect(html.components(separatedBy: "tabindex=\"-1\"").count == 5, "the list's refresh button and its three cards")
        #expect(!html.contains(" inert"), "the card that opened the article keeps the focus")
        #expect(html.contains("data-keys=\"r R Escape\""))
        #expect(html.contains(">The new Q7 is lighter.<"))
        #expect(html.contains(">Lighter by 325 kg<"))
    }

    @Test("an article with tags and no content items")
    func tags() async throws {
        let h = try WebHarness()
        await h.appear()
        await h.send(.click("open-119301"))
        #expect(h.scene.html().contains(">Tags: night, safety<"))
        #expect(h.scene.html().contains("car-news-placeholder is-failed"))
    }

    @Test("an article the last refresh removed says so and offers to refresh the list")
    func gone() async throws {
        let h = try WebHarness()
        await h.appear()
        let gone = ArticleSummary(id: 2, title: "Gone", image: "", published: Date(timeIntervalSince1970: 1_773_651_900))
        h.feature.presenter.send(
            .refreshFinished(.refreshed(RefreshedList(window: ArticleWindow.around(.index(0), in: [gone]), refreshedAt: h.host.now))))
        #expect(await h.send(.click("open-2")) == .handled)
        #expect(h.scene.html().contains(">This article is no longer saved.<"))
        #expect(h.scene.html().contains(">Refresh the list<"))
        try GoldenFile.check(h.scene.goldenText(), named: "detail-gone.html", in: golden)
    }

    @Test("notices sit under the list: articles skipped")
    func notices() async throws {
        let reply = WebFixtures.quirkyReply.replacingOccurrences(
            of: #"{"id":119300,"#, with: #"{"id":"bad","title":1},{"id":119300,"#)
        let h = try WebHarness(WebFixtures.server([.success(WebFixtures.ok(reply))]))
        await h.appear()
        try GoldenFile.check(h.scene.goldenText(), named: "notices.html", in: golden)
        #expect(h.scene.html().contains("1 article from the server could not be read and was skipped."))
    }
}
