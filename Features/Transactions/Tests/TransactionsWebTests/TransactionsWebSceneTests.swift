import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import TransactionsFeature
import WebUI
import WebUITesting

@testable import TransactionsWeb

@MainActor
@Suite("Web scene: states")
struct TransactionsWebStateTests {
    let golden = GoldenFile.directory()

    @Test("the feature makes the web scene and ships its stylesheet")
    func makesTheScene() throws {
        let h = try Harness()
        #expect(h.feature.makeWebScene() is TransactionsWebScene)
        #expect(TransactionsFeature.webAssets.stylesheets.map(\.name) == ["transactions.css"])
        let css = try #require(TransactionsFeature.webAssets.file(named: "transactions.css"))
        guard case .success(let bytes) = css.contents else {
            Issue.record("transactions.css is not in the bundle")
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("prefers-color-scheme: dark"))
        #expect(text.contains(":focus-visible"))
    }

    @Test("before the page is shown: the tabs and the loading message, nothing loaded")
    func loading() throws {
        let h = try Harness()
        try GoldenFile.check(h.scene.goldenText(), named: "loading.html", in: golden)
        #expect(h.scene.html().contains("Loading transactions…"))
        #expect(h.click("filter-food") == .ignored)
    }

    @Test("loaded: every filter capsule (all first), the 13 rows, the floating sum of $472.08")
    func all() async throws {
        let h = try await Harness.loaded()
        try GoldenFile.check(h.scene.goldenText(), named: "transactions-all.html", in: golden)
        let html = h.scene.html()
        var rest = Substring(html)
        for title in ["all", "food", "health", "entertainment", "shopping", "travel"] {
            let range = try #require(rest.range(of: "data-action=\"filter-\(title)\""), "\(title) in order")
            rest = rest[range.upperBound...]
        }
        #expect(html.components(separatedBy: "class=\"tx-item\"").count == 14)
        #expect(h.text(ofClass: "tx-sum-title tx-t-black") == "all")
        #expect(h.text(ofClass: "tx-sum-label") == "Total spent:")
        #expect(h.text(ofClass: "tx-sum-amount") == "$472.08")
        #expect(!html.contains("tx-pager"), "13 rows fit one page")
    }

    @Test("food and travel: their rows only and their sums, $74.28 and $215.28; the choice is aria-selected")
    func filters() async throws {
        let h = try await Harness.loaded()
        #expect(h.click("filter-food") == .handled)
        try GoldenFile.check(h.scene.goldenText(), named: "transactions-food.html", in: golden)
        #expect(h.text(ofClass: "tx-sum-amount") == "$74.28")
        #expect(h.text(ofClass: "tx-sum-title tx-t-green") == "food")
        #expect(h.scene.html().components(separatedBy: "class=\"tx-item\"").count == 6)
        #expect(h.scene.html().contains(#"<button aria-selected="true" class="tx-capsule tx-c-green""#))
        #expect(h.click("filter-food") == .ignored, "the chosen filter again changes nothing")
        #expect(h.click("filter-travel") == .handled)
        #expect(h.text(ofClass: "tx-sum-amount") == "$215.28")
    }

    @Test("the six capsules are a tab list, one Tab stop moved with ←/→ (a roving tabindex); focus goes along")
    func filtersAreOneTabStop() async throws {
        let h = try await Harness.loaded()
        #expect(h.scene.html().contains(#"class="tx-filters" data-keys="ArrowLeft ArrowRight" role="tablist""#))
        #expect(h.scene.html().components(separatedBy: #"role="tab" tabindex="-1""#).count - 1 == 5)
        #expect(h.scene.html().contains(#"id="tx-filter-all" role="tab" tabindex="0""#))
        // Before any key of the bar, focus follows the selected row (↑/↓), not the filter.
        #expect(!h.scene.html().contains(#"data-fh-focus="" id="tx-filter-"#))
        #expect(h.scene.handle(.key("ArrowRight")) == .handled)
        #expect(h.scene.html().contains(#"id="tx-filter-food" role="tab" tabindex="0""#))
        #expect(h.scene.html().contains(#"data-action="filter-food" data-fh-focus="" id="tx-filter-food""#))
        #expect(h.scene.html().components(separatedBy: "data-fh-focus").count - 1 == 1, "one mark: the chosen capsule")
        #expect(h.scene.handle(.key("ArrowDown")) == .handled)
        #expect(!h.scene.html().contains(#"data-fh-focus="" id="tx-filter-"#))
        #expect(h.scene.html().components(separatedBy: "data-fh-focus").count - 1 == 1, "one mark: the selected row")
    }

    @Test("a click on a row unpins it: collapsed to its category and the crossed pin; the sum counts pinned rows only")
    func unpinned() async throws {
        let h = try await Harness.loaded()
        #expect(h.clickRow(id: 2) == .handled)
        try GoldenFile.check(h.scene.goldenText(), named: "transactions-unpinned.html", in: golden)
        #expect(h.state.selectedRow == 1)
        #expect(h.text(ofClass: "tx-sum-amount") == "$417.48")
        #expect(h.click("filter-shopping") == .handled)
        #expect(h.text(ofClass: "tx-sum-amount") == "$23.40")
        #expect(h.clickRow(id: 2) == .handled)
        #expect(h.text(ofClass: "tx-sum-amount") == "$78.00")
    }

    @Test("Insights: the ring of the pinned shares and one row per category, agreeing with the floating sums")
    func insights() async throws {
        let h = try await Harness.loaded()
        #expect(h.click("tab-insights") == .handled)
        try GoldenFile.check(h.scene.goldenText(), named: "insights.html", in: golden)
        let rows = try #require(h.state.insights?.rows)
        #expect(rows.map(\.amount) == ["$74.28", "$21.53", "$82.99", "$78.00", "$215.28"])
        #expect(h.scene.html().contains(#"aria-label="Pinned spending by category: food 15.7%"#))
        #expect(h.scene.html().components(separatedBy: "class=\"tx-arc ").count == 6)
        #expect(h.click("tab-insights") == .ignored)
        #expect(h.click("filter-food") == .ignored, "filters wait for the Transactions tab")
        #expect(h.click("tab-transactions") == .handled)
        for (title, amount) in zip(["food", "health", "entertainment", "shopping", "travel"], rows.map(\.amount)) {
            h.click("filter-\(title)")
            #expect(h.text(ofClass: "tx-sum-amount") == amount, "\(title)")
        }
    }

    @Test("nothing pinned: the grey track alone, every share 0.0%, and $0.00")
    func nothingPinned() async throws {
        let h = try await Harness.loaded()
        for id in 1...13 { h.clickRow(id: id) }
        #expect(h.text(ofClass: "tx-sum-amount") == "$0.00")
        h.click("tab-insights")
        try GoldenFile.check(h.scene.goldenText(), named: "insights-nothing-pinned.html", in: golden)
        #expect(!h.scene.html().contains("tx-arc"))
        #expect(h.scene.html().contains("tx-ring-track"))
    }

    @Test("a failed load says why and offers Try again, which loads again")
    func failed() async throws {
        let source = SourceConfiguration(kind: .jsonFile, path: URL(fileURLWithPath: "/nonexistent/transactions.json"))
        let h = try await Harness.loaded(source: source)
        try GoldenFile.check(h.scene.goldenText(), named: "failed.html", in: golden)
        #expect(h.scene.html().contains("Transactions could not be loaded: "))
        #expect(h.click("retry") == .handled)
        await h.host.settle()
        #expect(h.scene.html().contains("Try again"))
    }

    @Test("a filter with no transactions says so; the sum is $0.00")
    func empty() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            #"[{"id": 1, "name": "Bread", "category": "food", "amount": 2.5, "date": "2021-04-25", "accountName": "Card"}]"#,
            to: "food.json")
        let h = try await Harness.loaded(source: SourceConfiguration(kind: .jsonFile, path: file))
        h.click("filter-health")
        try GoldenFile.check(h.scene.goldenText(), named: "transactions-empty.html", in: golden)
        #expect(h.text(ofClass: "tx-empty") == "No health transactions.")
        #expect(h.text(ofClass: "tx-sum-amount") == "$0.00")
    }

    @Test("unreadable saved pins: the warning, and no Try again")
    func pinsWarning() async throws {
        let host = try TestHost()
        try host.store.set(Data("{".utf8), forKey: "unpinned-ids")
        let h = try await Harness.loaded(host: host)
        #expect(h.scene.html().contains("Your saved pins could not be read, so every transaction is pinned for now."))
        #expect(!h.scene.html().contains("Try again"))
        #expect(h.click("retry") == .ignored)
    }
}
