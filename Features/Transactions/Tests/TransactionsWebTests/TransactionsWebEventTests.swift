import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import TransactionsFeature
import WebUI
import WebUITesting

@testable import TransactionsWeb

@MainActor
@Suite("Web scene: events")
struct TransactionsWebEventTests {
    @Test("arrow keys move the selection and the filter, as the terminal's arrows; only on the Transactions tab")
    func keys() async throws {
        let h = try await Harness.loaded()
        #expect(h.scene.handle(.key("ArrowDown")) == .handled)
        #expect(h.scene.handle(.key("ArrowDown")) == .handled)
        #expect(h.state.selectedRow == 2)
        #expect(h.scene.html().contains(#"aria-current="true""#))
        #expect(h.scene.handle(.key("ArrowUp")) == .handled)
        #expect(h.state.selectedRow == 1)
        #expect(h.scene.handle(.key("ArrowRight")) == .handled)
        #expect(h.state.filters.first(where: \.isSelected)?.title == "food")
        #expect(h.scene.handle(.key("ArrowLeft")) == .handled)
        #expect(h.scene.handle(.key("Escape")) == .ignored, "left to the browser and the page shell")
        h.click("tab-insights")
        #expect(h.scene.handle(.key("ArrowDown")) == .ignored)
    }

    @Test("a row click from a page one update behind finds its row on the page shown now, or does nothing")
    func staleRowClick() async throws {
        let h = try await Harness.loaded()
        h.click("filter-food")
        // Movie Night (id 1, row 0 of `all`) is not a food transaction: nothing happens.
        #expect(h.click("pin-0-1") == .ignored)
        #expect(h.click("pin-99-1") == .ignored)
        #expect(h.state.rows.allSatisfy { $0.isPinned })
        // Salad Mix was row 2 of `all`; under food it is row 0: the click the user made still pins it off.
        #expect(h.click("pin-2-3") == .handled)
        #expect(h.state.selectedRow == 0)
        #expect(h.state.rows[0].isPinned == false)
        #expect(h.text(ofClass: "tx-sum-amount") == "$48.96")
    }

    @Test("whatever a page sends, an unknown event is ignored and changes nothing")
    func junk() async throws {
        let h = try await Harness.loaded()
        let before = h.presenter.changeCount
        for action in [
            "", "pin", "pin-", "pin-1", "pin--1-1", "pin-a-b", "pin-0-1-2", "filter-", "filter-FOOD", "tab-", "tab-home",
            "page-", "reload", "retry",
        ] {
            #expect(h.click(action) == .ignored, "\(action)")
        }
        #expect(h.scene.handle(PageEvent(kind: .input, action: "filter-food", value: "x")) == .ignored)
        #expect(h.scene.handle(.submit("filter-food", [:])) == .ignored)
        #expect(h.presenter.changeCount == before)
    }

    @Test("rendering is idempotent and sends nothing")
    func idempotent() async throws {
        let h = try await Harness.loaded()
        let before = h.presenter.changeCount
        #expect(h.scene.html() == h.scene.html())
        #expect(h.presenter.changeCount == before)
    }

    @Test("every action name the page renders parses back to itself")
    func actionNames() {
        let actions: [TransactionsWebAction] =
            [.showTab(.transactions), .showTab(.insights), .togglePin(index: 3, id: 42), .previousPage, .nextPage, .retry]
            + CategoryFilter.allCases.map { .chooseFilter($0) }
        for action in actions { #expect(TransactionsWebAction(name: action.name) == action) }
    }
}

@MainActor
@Suite("Web scene: 10,000 rows")
struct TransactionsWebPagingTests {
    @Test("a page holds 50 rows; Next and Previous move the selection a page, and the page follows it")
    func paging() throws {
        let presenter = generatedPresenter(count: 10_000)
        let scene = TransactionsWebScene(presenter: presenter)
        var html = scene.render().render()
        #expect(html.components(separatedBy: "class=\"tx-item\"").count == 51)
        #expect(html.contains(">1–50 of 10,000<"))
        #expect(html.contains(#"<button class="tx-page" data-action="page-previous" disabled"#))
        #expect(scene.handle(.click("page-previous")) == .ignored)
        #expect(scene.handle(.click("page-next")) == .handled)
        #expect(presenter.viewState.selectedRow == 50)
        html = scene.render().render()
        #expect(html.contains(">51–100 of 10,000<"))
        #expect(html.contains(#"id="tx-51""#) && !html.contains(#"id="tx-50""#))
        // A row on this page: its index in the whole filter.
        #expect(scene.handle(.click("pin-60-61")) == .handled)
        #expect(presenter.viewState.selectedRow == 60)
        #expect(presenter.viewState.rows[60].isPinned == false)
        #expect(scene.handle(.click("page-previous")) == .handled)
        #expect(presenter.viewState.selectedRow == 10)
        // The last page: 10,000 is a whole number of pages.
        presenter.send(.moveSelection(by: 10_000))
        html = scene.render().render()
        #expect(html.contains(">9,951–10,000 of 10,000<"))
        #expect(scene.handle(.click("page-next")) == .ignored)
        // A filter's shorter last page: 2,000 food rows.
        presenter.send(.chooseFilter(.category(.food)))
        presenter.send(.moveSelection(by: 1_990))
        #expect(scene.handle(.click("page-next")) == .ignored)
    }

    @Test("Next from a row past the last page's length lands on the last row")
    func shortLastPage() throws {
        let presenter = generatedPresenter(count: 120)
        let scene = TransactionsWebScene(presenter: presenter)
        presenter.send(.moveSelection(by: 90))
        #expect(scene.handle(.click("page-next")) == .handled)
        #expect(presenter.viewState.selectedRow == 119)
        #expect(scene.render().render().contains(">101–120 of 120<"))
    }
}

@Suite("Ring chart")
struct RingChartTests {
    @Test("segments follow each other clockwise in category order; a zero share gets none")
    func segments() {
        let segments = RingSegments.segments(perMille: [157, 0, 176, 165, 502])
        #expect(segments.map(\.index) == [0, 2, 3, 4])
        #expect(segments.map(\.start) == [0, 157, 333, 498])
        #expect(segments.last?.end == 1000)
        #expect(RingSegments.segments(perMille: [0, 0, 0, 0, 0]).isEmpty)
        #expect(RingSegments.segments(perMille: [0, 1000, 0, 0, 0]).map(\.isWhole) == [true])
    }

    @Test("arcs start at 12 o'clock; more than half a turn takes the large arc; numbers have no locale")
    func arcs() {
        #expect(RingChartMarkup.arc(from: 0, to: 250) == "M60 12A48 48 0 0 1 108 60")
        #expect(RingChartMarkup.arc(from: 0, to: 750) == "M60 12A48 48 0 1 1 12 60")
        #expect(RingChartMarkup.format(-0.0001) == "0")
        #expect(RingChartMarkup.format(12.3456) == "12.346")
    }
}
