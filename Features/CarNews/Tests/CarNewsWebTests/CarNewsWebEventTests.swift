import CarNewsFeature
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUI
import WebUITesting

@testable import CarNewsWeb

/// Page events as presenter actions: every state the terminal's keys reach, the page reaches with its controls.
@MainActor
@Suite("Car news web: events")
struct CarNewsWebEventTests {
    @Test("a card opens its article (selecting it); Back and Escape return to the list on the same card")
    func openAndClose() async throws {
        let h = try WebHarness()
        await h.appear()
        #expect(await h.send(.click("open-119300")) == .handled)
        #expect(h.state.selectedIndex == 2)
        #expect(h.state.detail?.id == 119300)
        #expect(await h.send(.click("close")) == .handled)
        #expect(h.state.detail == nil)
        #expect(h.state.selectedIndex == 2)
        #expect(h.scene.html().contains("aria-current=\"true\" class=\"car-news-card\" data-action=\"open-119300\""))
        await h.send(.click("open-119301"))
        #expect(h.state.selectedIndex == 0)
        #expect(await h.send(.key("Escape")) == .handled)
        #expect(h.state.detail == nil)
    }

    @Test("Escape on the list, an unknown card, a card under an open article and other events are ignored")
    func ignored() async throws {
        let h = try WebHarness()
        await h.appear()
        #expect(h.scene.handle(.key("Escape")) == .ignored)
        #expect(h.scene.handle(.click("open-42")) == .ignored)
        #expect(h.scene.handle(.click("open-x")) == .ignored)
        #expect(h.scene.handle(.click("close")) == .ignored)
        #expect(h.scene.handle(.click("older")) == .ignored)
        #expect(h.scene.handle(.input("refresh", "x")) == .ignored)
        #expect(h.scene.handle(.key("ArrowDown")) == .ignored)
        await h.send(.click("open-119301"))
        #expect(h.scene.handle(.click("open-119300")) == .ignored)
        #expect(h.state.detail?.id == 119301)
    }

    @Test("r and the Refresh button refresh, from the list and from an article; one at a time")
    func refresh() async throws {
        let requests = Counter()
        let server = WebFixtures.server()
        let h = try WebHarness { request in
            if !request.url.path.hasPrefix("/files/") { _ = requests.next() }
            return try server(request)
        }
        await h.appear()
        #expect(requests.value == 1)
        #expect(await h.send(.click("refresh")) == .handled)
        #expect(requests.value == 2)
        await h.send(.click("open-119302"))
        #expect(await h.send(.key("R")) == .handled)
        #expect(requests.value == 3)
        #expect(h.state.detail?.id == 119302, "a refresh leaves the article open")
        // While one runs, another press does nothing more.
        _ = h.scene.handle(.key("r"))
        _ = h.scene.handle(.click("refresh"))
        #expect(h.scene.html().contains("aria-busy=\"true\""))
        await h.host.settle()
        #expect(requests.value == 4)
    }

    @Test("45 articles: 20 cards a page; Older and Newer move the selection to the page's middle, whose images load")
    func paging() async throws {
        let h = try WebHarness(WebFixtures.server([.success(WebFixtures.ok(WebFixtures.manyArticles(45)))]))
        await h.appear()
        var html = h.scene.html()
        #expect(html.components(separatedBy: "class=\"car-news-item\"").count == 21)
        #expect(html.contains(">Articles 1–20 of 45<"))
        #expect(html.contains("aria-disabled=\"true\" class=\"car-news-button car-news-newer\""))
        #expect(h.scene.handle(.click("newer")) == .ignored)
        try GoldenFile.check(h.scene.goldenText(), named: "list-page-1.html", in: GoldenFile.directory())

        #expect(await h.send(.click("older")) == .handled)
        #expect(h.state.selectedIndex == 30)
        html = h.scene.html()
        #expect(html.contains(">Articles 21–40 of 45<"))
        #expect(html.contains(">Article 24<"), "newest first: article 44 is the first row")
        // Every card on the page asked for its picture and got it.
        #expect((20..<40).allSatisfy { if case .loaded = h.state.rows[$0].image { true } else { false } })

        await h.send(.click("older"))
        #expect(h.state.selectedIndex == 44)
        #expect(h.scene.html().contains(">Articles 41–45 of 45<"))
        #expect(h.scene.handle(.click("older")) == .ignored)
        await h.send(.click("newer"))
        #expect(h.state.selectedIndex == 30)
        await h.send(.click("newer"))
        #expect(h.state.selectedIndex == 10)
    }

    @Test(
        "1,005 articles: the counts grouped as the locale does; a pager above the cards too; the page's number on the cards, so a new page is scrolled to its top"
    )
    func pagingAtScale() async throws {
        let h = try WebHarness(WebFixtures.server([.success(WebFixtures.ok(WebFixtures.manyArticles(1_005)))]))
        await h.appear()
        var html = h.scene.html()
        #expect(html.contains(">1,005 articles<"))
        #expect(html.components(separatedBy: ">Articles 1–20 of 1,005<").count == 3, "one pager above the cards, one under them")
        #expect(html.contains("id=\"car-news-older-top\""))
        #expect(html.contains("data-fh-page=\"0\""))
        let top = try #require(html.range(of: "id=\"car-news-pager-top\""))
        let cards = try #require(html.range(of: "id=\"car-news-cards\""))
        #expect(top.lowerBound < cards.lowerBound)
        #expect(await h.send(.click("older")) == .handled)
        html = h.scene.html()
        #expect(html.contains(">Articles 21–40 of 1,005<"))
        #expect(html.contains("data-fh-page=\"1\""))
    }

    @Test("an open article is a labelled modal dialog that the browser's Back closes")
    func articleIsADialog() async throws {
        let h = try WebHarness()
        await h.appear()
        #expect(!h.scene.html().contains("data-fh-back"))
        await h.send(.click("open-119302"))
        let html = h.scene.html()
        let start = try #require(html.range(of: "<section "))
        let tag = html[start.lowerBound...].prefix { $0 != ">" }
        for attribute in [
            "role=\"dialog\"", "aria-modal=\"true\"", "aria-labelledby=\"car-news-detail-title\"", "data-fh-back=\"close\"",
        ] {
            #expect(tag.contains(attribute), "\(tag)")
        }
        #expect(html.contains("id=\"car-news-detail-title\""))
        #expect(await h.send(.click("close")) == .handled)
        #expect(h.state.detail == nil)
        #expect(!h.scene.html().contains("role=\"dialog\""))
    }

    @Test("ArticlePaging: pages of 20, the middle row selects a page, a short last page selects its last row")
    func pagingArithmetic() {
        #expect(ArticlePaging(count: 0, selectedIndex: nil).range == 0..<0)
        #expect(ArticlePaging(count: 0, selectedIndex: nil).selection(forPage: 0) == nil)
        let paging = ArticlePaging(count: 10_000, selectedIndex: 9_999)
        #expect(paging.page == 499)
        #expect(paging.pageCount == 500)
        #expect(paging.range == 9_980..<10_000)
        #expect(!paging.hasOlder && paging.hasNewer)
        #expect(paging.selection(forPage: 498) == 9_970)
        #expect(paging.selection(forPage: 500) == nil)
        #expect(ArticlePaging(count: 3, selectedIndex: 2).selection(forPage: 0) == 2)
    }

    @Test("the open action names an article id and nothing else")
    func openAction() {
        #expect(CarNewsWebAction(name: "open-119302") == .open(articleID: 119302))
        #expect(CarNewsWebAction(name: "open-") == nil)
        #expect(CarNewsWebAction(name: "refresh") == .refresh)
        for action in [CarNewsWebAction.refresh, .close, .newer, .older, .open(articleID: 7)] {
            #expect(CarNewsWebAction(name: action.name) == action)
        }
    }
}
