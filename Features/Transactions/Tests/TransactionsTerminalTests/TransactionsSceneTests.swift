import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing
import TransactionsFixtures
import TransactionsTerminal

// Testable for the bundled sample file only (`TransactionSamples`), which the offline test serves over HTTP.
@testable import TransactionsFeature

@MainActor
@Suite struct TransactionsSceneTests {
    private func driver(_ host: TestHost, size: Size = Size(width: 80, height: 24)) async throws -> TextDriver {
        let feature = try await TransactionsFeature.loaded(on: host)
        return TextDriver(scene: feature.makeScene(), size: size)
    }

    @Test func transactionsTabAt80x24() async throws {
        let driver = try await driver(try TestHost())
        try GoldenFile.check(driver.text(), named: "transactions-80x24.txt", in: GoldenFile.directory())
        #expect(driver.text().contains("$472.08"))
    }

    @Test func insightsTabAt80x24() async throws {
        let driver = try await driver(try TestHost())
        #expect(driver.press(.tab) == [.handled])
        try GoldenFile.check(driver.text(), named: "insights-80x24.txt", in: GoldenFile.directory())
    }

    @Test func unpinnedRowsCollapseAndTheSumFollows() async throws {
        let driver = try await driver(try TestHost())
        // food; unpin Salad Mix and Potato Snack, leave the selection on Potato Snack.
        driver.press(.right, .character(" "), .down, .down, .down, .enter)
        try GoldenFile.check(driver.text(), named: "food-unpinned-80x24.txt", in: GoldenFile.directory())
        driver.press(.tab)
        try GoldenFile.check(driver.text(), named: "insights-food-unpinned-80x24.txt", in: GoldenFile.directory())
    }

    @Test func nothingPinnedShowsAnEmptyRingAndZeros() async throws {
        let driver = try await driver(try TestHost())
        for _ in 0..<13 { driver.press(.character(" "), .down) }
        try GoldenFile.check(driver.text(), named: "all-unpinned-80x24.txt", in: GoldenFile.directory())
        driver.press(.tab)
        try GoldenFile.check(driver.text(), named: "insights-nothing-pinned-80x24.txt", in: GoldenFile.directory())
    }

    @Test func theListScrollsToKeepTheSelectionInView() async throws {
        let driver = try await driver(try TestHost())
        for _ in 0..<12 { driver.press(.down) }
        try GoldenFile.check(driver.text(), named: "scrolled-to-end-80x24.txt", in: GoldenFile.directory())
        // Moving up inside the visible rows moves only the selection bar: the list does not scroll.
        let unmarked = { (text: String) in text.replacingOccurrences(of: "▌", with: " ") }
        let atEnd = driver.text()
        driver.press(.up, .up)
        #expect(unmarked(driver.text()) == unmarked(atEnd))
        #expect(driver.text().contains("▌ food"))
        // Back to the first row: the opening frame again.
        driver.press(.pageUp, .pageUp, .pageUp)
        try GoldenFile.check(driver.text(), named: "transactions-80x24.txt", in: GoldenFile.directory())
    }

    @Test func aNarrowScreenScrollsTheFilterBar() async throws {
        let driver = try await driver(try TestHost(), size: Size(width: 44, height: 16))
        driver.press(.right, .right, .right, .right, .right)
        try GoldenFile.check(driver.text(), named: "travel-44x16.txt", in: GoldenFile.directory())
    }

    @Test func belowTheMinimumSizeAsksForMore() async throws {
        let driver = try await driver(try TestHost(), size: Size(width: 40, height: 10))
        #expect(oneLine(driver.text()).contains("Make the window at least 44×16 (now 40×10)."))
    }

    @Test func loadingAndFailure() async throws {
        let host = try TestHost()
        let missing = host.directory.file("missing.json")
        let feature = try TransactionsFeature(
            context: try host.context(id: "transactions", source: SourceConfiguration(kind: .jsonFile, path: missing)))
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
        feature.handle(.appear)
        #expect(driver.text().contains("Loading transactions…"))
        #expect(driver.scene.keyHints == [])
        await host.settle()
        #expect(
            oneLine(driver.text()).contains(
                "Transactions could not be loaded: \(missing.path): the file does not exist."))
        #expect(driver.text().contains("Press r to try again."))
        #expect(driver.scene.keyHints == [KeyHint(key: "r", action: "try again")])
        #expect(driver.press(.right, .tab, .character(" ")) == [.ignored, .ignored, .ignored])
        // r tries again: loading, then the same failure.
        #expect(driver.press(.character("r")) == [.handled])
        #expect(driver.text().contains("Loading transactions…"))
        await host.settle()
        #expect(driver.text().contains("Press r to try again."))
    }

    @Test func keysAndHints() async throws {
        let driver = try await driver(try TestHost())
        // The main action first, worded for the selected row: every transaction starts pinned.
        #expect(
            driver.scene.keyHints == [
                KeyHint(key: "Space", action: "unpin"), KeyHint(key: "Tab", action: "insights"),
                KeyHint(key: "←→", action: "category"), KeyHint(key: "↑↓ PgUp PgDn", action: "move"),
            ])
        driver.press(.character(" "))
        #expect(driver.scene.keyHints.first == KeyHint(key: "Space", action: "pin"))
        driver.press(.character(" "))
        #expect(driver.scene.keyHints.first == KeyHint(key: "Space", action: "unpin"))
        // Esc and q are left to the shell; r only retries a failed or offline load.
        #expect(driver.press(.escape, .character("q"), .character("r")) == [.ignored, .ignored, .ignored])
        driver.press(.tab)
        #expect(driver.scene.keyHints == [KeyHint(key: "Tab", action: "transactions")])
        // The Insights tab has no list: arrows and Space do nothing there.
        #expect(driver.press(.left, .down, .character(" ")) == [.ignored, .ignored, .ignored])
        #expect(driver.press(.backTab) == [.handled])
        #expect(driver.text().contains("Total spent:"))
    }

    @Test func pageKeysMoveByTheRowsOnScreen() async throws {
        let host = try TestHost()
        let feature = try await TransactionsFeature.loaded(on: host)
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
        _ = driver.text()  // five whole rows fit
        driver.press(.pageDown)
        #expect(feature.presenter.viewState.selectedRow == 5)
        _ = driver.text()
        driver.press(.pageDown, .pageDown)
        #expect(feature.presenter.viewState.selectedRow == 12)
        _ = driver.text()
        driver.press(.pageUp)
        #expect(feature.presenter.viewState.selectedRow == 7)
    }

    @Test func homeAndEndGoToTheFirstAndLastTransaction() async throws {
        let host = try TestHost()
        let feature = try await TransactionsFeature.loaded(on: host)
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
        _ = driver.text()
        #expect(driver.press(.end) == [.handled])
        #expect(feature.presenter.viewState.selectedRow == 12)
        #expect(driver.text().contains("9–13 of 13"))
        #expect(driver.press(.home) == [.handled])
        #expect(feature.presenter.viewState.selectedRow == 0)
        #expect(driver.text().contains("1–5 of 13"))
        driver.press(.right)  // food: Home and End stay within the filter
        driver.press(.end)
        #expect(feature.presenter.viewState.selectedRow == 4)
    }

    /// A pin that could not be kept says so on screen, and the row shows it pinned again.
    @Test func aPinThatWasNotSavedSaysSo() async throws {
        let host = try TestHost()
        let driver = try await driver(host)
        host.store.refuseWrites("Cannot create /data/preferences.plist.saving: Read-only file system.")
        driver.press(.character(" "))
        await host.settle()
        let text = oneLine(driver.text())
        #expect(
            text.contains(
                #"Unpinning "Movie Night" was not saved: Cannot create /data/preferences.plist.saving: Read-only file system. The pins shown are the saved ones."#
            ),
            "\(driver.text())")
        #expect(text.contains("$472.08"))
        #expect(driver.scene.keyHints.first == KeyHint(key: "Space", action: "unpin"))
    }

    @Test func anOfflineCopyOffersToTryAgainAfterItsNotice() async throws {
        let server = try LoopbackHTTPServer()
        let sample = try Data(contentsOf: try #require(TransactionSamples.file))
        server.respond(with: .data(sample, contentType: "application/json"))
        let host = try TestHost()
        let source = SourceConfiguration.http(server.url("transactions"), timeout: 5, cache: true)
        _ = try await appearedDriver(host: host, source: source)
        server.respond(with: .text("down for maintenance", status: 503))
        let driver = try await appearedDriver(host: host, source: source)
        let url = server.url("transactions").absoluteString
        #expect(
            oneLine(driver.text()).contains(
                "Offline: showing the copy saved Mar 16, 2026 at 12:34. The server answered HTTP 503 for \(url). Press r to try again."))
        #expect(driver.scene.keyHints.last == KeyHint(key: "r", action: "try again"))
        #expect(driver.press(.character("r")) == [.handled])
        await host.settle()
        #expect(oneLine(driver.text()).contains("Press r to try again."))
    }

    @Test func unreadablePinsAreShownWithoutARetryHint() async throws {
        let host = try TestHost()
        try host.store.set(Data("{".utf8), forKey: "unpinned-ids")
        let feature = try await TransactionsFeature.loaded(on: host)
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
        // Whole at 80 columns, to its outcome, in the user's words: not Swift's `DecodingError`.
        #expect(
            oneLine(driver.text()).contains(
                "Your saved pins could not be read, so every transaction is pinned for now. Your next pin change saves new pins in their place."
            ))
        #expect(!driver.text().contains("DecodingError") && !driver.text().contains("…"))
        #expect(!driver.text().contains("Press r"))
        #expect(!driver.scene.keyHints.contains(KeyHint(key: "r", action: "try again")))
    }

    @Test func renderingIsIdempotentAndSendsNothing() async throws {
        let feature = try await TransactionsFeature.loaded(on: try TestHost())
        let scene = feature.makeScene()
        let check = {
            let before = feature.presenter.changeCount
            for size in [Size(width: 80, height: 24), Size(width: 44, height: 16)] {
                let first = scene.render(size: size).plainText()
                #expect(scene.render(size: size).plainText() == first)
            }
            #expect(feature.presenter.changeCount == before)
        }
        check()
        // Scrolled to the end, then up inside the visible rows: the scroll position the scene keeps is stable.
        for _ in 0..<12 { _ = scene.handle(.down) }
        check()
        _ = scene.handle(.up)
        check()
        _ = scene.handle(.pageUp)
        check()
        _ = scene.handle(.tab)
        check()
    }

    @Test func everyKeyThatChangesSomethingIsOneChange() async throws {
        let feature = try await TransactionsFeature.loaded(on: try TestHost())
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
        let start = feature.presenter.changeCount
        func changes() -> Int { feature.presenter.changeCount - start }
        driver.press(.right, .down, .character(" "), .tab)
        #expect(changes() == 4)
        // A key that changes nothing is no change, so no frame: ← on `all`, ↑ on the first row.
        driver.press(.tab, .left)  // back on `all`, Lunch Special (row 3) still selected
        #expect(changes() == 6)
        driver.press(.up, .up, .up)
        #expect(changes() == 9)
        driver.press(.left, .up)
        #expect(changes() == 9)
    }

    private func appearedDriver(host: TestHost, source: SourceConfiguration) async throws -> TextDriver {
        let feature = try TransactionsFeature(context: try host.context(id: "transactions", source: source))
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
        feature.handle(.appear)
        await host.settle()
        return driver
    }
}
