import ChatsFeature
import ChatsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUI
import WebUITesting

@testable import ChatsWeb

@MainActor
@Suite("Web scene: events")
struct ChatsWebEventTests {
    let golden = GoldenFile.directory()

    @Test("before the list, every event is ignored (the terminal leaves every key to the shell)")
    func ignoredBeforeTheList() async throws {
        let h = try Harness(source: WebFixtures.many(30))
        #expect(h.send(.click("select-3")) == .ignored)
        h.appear()
        await h.host.advance(seconds: 1)
        #expect(h.send(.key("ArrowDown")) == .ignored)
        #expect(h.send(.key("r")) == .ignored)
        await h.host.advance(seconds: 2)
        #expect(h.send(.key("ArrowDown")) == .handled)
    }

    @Test("a row's click selects it; keys move as the terminal's do")
    func selection() async throws {
        let h = try Harness(source: WebFixtures.many(30))
        await h.showList()
        #expect(h.send(.click("select-3")) == .handled)
        #expect(h.state.list.selectedIndex == 3)
        #expect(h.scene.html().contains(#"<li class="chats-row chats-selected" id="chat-3">"#))
        #expect(h.send(.key("ArrowDown")) == .handled)
        #expect(h.state.list.selectedIndex == 4)
        #expect(h.send(.key("ArrowUp")) == .handled)
        #expect(h.state.list.selectedIndex == 3)
        #expect(h.send(.key("End")) == .handled)
        #expect(h.state.list.selectedIndex == 29)
        #expect(h.send(.key("Home")) == .handled)
        #expect(h.state.list.selectedIndex == 0)
        #expect(h.send(.key("PageDown")) == .handled)
        #expect(h.state.list.selectedIndex == 20)
        #expect(h.send(.key("PageUp")) == .handled)
        #expect(h.state.list.selectedIndex == 0)
    }

    @Test("whatever a page sends that names no row or control is ignored")
    func badEvents() async throws {
        let h = try Harness(source: WebFixtures.many(30))
        await h.showList()
        for event in [
            PageEvent.click("select-30"), .click("select--1"), .click("select-x"), .click("select-"), .click(""), .click("page-nowhere"),
            .key("Escape"), .key("q"), .input("select-1", "2"), .submit("refresh", [:]),
        ] {
            #expect(h.send(event) == .ignored, "\(event)")
        }
        #expect(h.state.list.selectedIndex == 0)
        #expect(ChatsWebScene.rowIndex("select-12", count: 13) == 12)
        #expect(ChatsWebScene.rowIndex("select-13", count: 13) == nil)
    }

    @Test("refresh: the button and `r` reload while the rows stay; not twice at once")
    func refresh() async throws {
        let h = try Harness(source: WebFixtures.many(3))
        await h.showList()
        #expect(h.scene.html().contains(#"data-action="refresh""#))
        #expect(h.send(.click("refresh")) == .handled)
        #expect(h.state.list.refreshing == "Loading chats…")
        #expect(h.scene.html().contains(#"<p class="chats-refreshing" id="chats-refreshing" role="status">Loading chats…</p>"#))
        #expect(h.scene.html().contains(#"<button aria-disabled="true" class="chats-refresh" data-action="refresh""#))
        try GoldenFile.check(h.scene.goldenText(), named: "list-refreshing.html", in: golden)
        #expect(h.send(.key("r")) == .ignored)
        await h.host.advance(seconds: 0.1)
        #expect(h.state.list.refreshing == nil)
        #expect(h.send(.key("r")) == .handled)
    }

    @Test("10,000 chats: one page of 20 rows around the selection, a pager, and its buttons")
    func paging() async throws {
        #expect(RowPages.size == ChatsPresenter.avatarWindow)
        let h = try Harness(source: WebFixtures.many(10_000))
        await h.showList()
        #expect(h.count(#"<li class="chats-row"#) == 20)
        #expect(h.scene.html().contains(">Chats 1–20 of 10,000<"))
        #expect(h.scene.html().contains(#"<button aria-disabled="true" class="chats-pager-button" data-action="page-previous""#))
        #expect(h.send(.click("page-first")) == .ignored)
        #expect(h.send(.click("page-previous")) == .ignored)
        #expect(h.send(.click("page-next")) == .handled)
        #expect(h.state.list.selectedIndex == 20)
        #expect(h.scene.html().contains(">Chats 21–40 of 10,000<"))
        try GoldenFile.check(h.scene.goldenText(), named: "list-page-2.html", in: golden)
        #expect(h.send(.click("page-last")) == .handled)
        #expect(h.state.list.selectedIndex == 9_980)
        #expect(h.scene.html().contains(">Chats 9,981–10,000 of 10,000<"))
        #expect(h.send(.click("page-next")) == .ignored)
        #expect(h.send(.click("page-previous")) == .handled)
        #expect(h.state.list.selectedIndex == 9_960)
        #expect(h.send(.click("page-first")) == .handled)
        #expect(h.state.list.selectedIndex == 0)
        #expect(h.send(.key("End")) == .handled)
        #expect(h.scene.html().contains(#"id="chat-9999""#))
        #expect(h.count(#"<li class="chats-row"#) == 20)
    }

    @Test("pages: bounds and the last, short page")
    func rowPages() {
        let pages = RowPages(count: 45)
        #expect(pages.count == 3)
        #expect(pages.rows(ofPage: 2) == 40..<45)
        #expect(pages.page(of: 44) == 2)
        #expect(pages.page(of: 99) == 2)
        #expect(pages.firstRow(ofPage: 3) == nil)
        #expect(pages.firstRow(ofPage: -1) == nil)
        #expect(RowPages(count: 0).count == 1)
        #expect(RowPages(count: 0).rows(ofPage: 0).isEmpty)
    }

    @Test("a repeated identifier gets a unique key")
    func uniqueKeys() async throws {
        let h = try Harness(source: Fixtures.source([WebFixtures.chat(7, "A"), WebFixtures.chat(7, "B", minutesAgo: 90)]))
        await h.showList()
        #expect(h.scene.html().contains(#"id="chat-7""#))
        #expect(h.scene.html().contains(#"id="chat-7-1""#))
    }
}
