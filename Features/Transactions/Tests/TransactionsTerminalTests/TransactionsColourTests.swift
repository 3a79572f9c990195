import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing
import TransactionsFeature
import TransactionsFixtures
import TransactionsTerminal

/// Every main state reads on a dark and on a light terminal: no text in a fixed colour that matches one of the
/// terminal's own backgrounds, and no painted background under the terminal's own text colour.
@MainActor
@Suite struct TransactionsColourTests {
    @Test func theMainStatesReadOnDarkAndLightTerminals() async throws {
        let feature = try await TransactionsFeature.loaded(on: try TestHost())
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
        // `all` in the sum box, the first row selected.
        #expect(driver.legibilityReport() == "", "all, first row selected")
        // The sum box's `all` title on its own: once fixed black, which vanished on a dark terminal.
        let frame = driver.frame()
        let lines = frame.plainText().components(separatedBy: "\n")
        let titleRow = try #require(lines.firstIndex { $0.hasSuffix("all │") })
        #expect(TerminalTheme.all.flatMap { frame.legibilityProblems(on: $0) }.filter { $0.point.y == titleRow } == [])
        driver.press(.down, .down, .down)
        #expect(driver.legibilityReport() == "", "a pinned row selected")
        driver.press(.character(" "))
        #expect(driver.legibilityReport() == "", "an unpinned row selected")
        driver.press(.right)
        #expect(driver.legibilityReport() == "", "food")
        driver.press(.tab)
        #expect(driver.legibilityReport() == "", "insights")
        driver.size = Size(width: 44, height: 16)
        #expect(driver.legibilityReport() == "", "insights at the minimum size")
        driver.press(.tab)
        #expect(driver.legibilityReport() == "", "transactions at the minimum size")
    }

    @Test func loadingAndFailureReadOnDarkAndLightTerminals() async throws {
        let host = try TestHost()
        let missing = host.directory.file("missing.json")
        let feature = try TransactionsFeature(
            context: try host.context(id: "transactions", source: SourceConfiguration(kind: .jsonFile, path: missing)))
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 80, height: 24))
        feature.handle(.appear)
        #expect(driver.legibilityReport() == "", "loading")
        await host.settle()
        #expect(driver.legibilityReport() == "", "failed")
    }
}
