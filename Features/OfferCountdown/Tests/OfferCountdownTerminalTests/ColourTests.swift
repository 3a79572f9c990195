import FeatureHostCore
import FeatureHostTesting
import OfferCountdownFeature
import OfferCountdownFixtures
import TerminalUI
import Testing

@testable import OfferCountdownTerminal

/// Every main state reads on a dark and on a light terminal (see `Frame.legibilityProblems(on:)`): the title
/// and the `:` between the boxes sit on the terminal's own background.
@MainActor
@Suite("Scene: colours on dark and light terminals")
struct ColourTests {
    @Test("the countdown, a roll, the popup, the expired offer, at 80×24 and 120×40")
    func everyStateReads() async throws {
        let h = try Harness(settings: ["duration": .number(10)])
        h.feature.handle(.appear)
        let d = TextDriver(scene: h.feature.makeScene(), size: Size(width: 80, height: 24))
        await h.host.advance(seconds: 1.5)
        #expect(d.legibilityReport() == "", "counting")
        await h.host.advance(seconds: 0.55)
        #expect(d.legibilityReport() == "", "rolling")
        d.size = Size(width: 120, height: 40)
        #expect(d.legibilityReport() == "", "counting at 120×40")
        d.press(.enter)
        await h.host.advance(seconds: 0.5)
        #expect(d.legibilityReport() == "", "the popup")
        d.press(.escape)
        d.size = Size(width: 80, height: 24)
        await h.host.advance(seconds: 10)
        #expect(d.legibilityReport() == "", "expired")
    }

    @Test("the secondary text reaches 4.5:1 on dark and light terminals")
    func secondaryTextReachesAA() async throws {
        let h = try Harness()
        h.feature.handle(.appear)
        let d = TextDriver(scene: h.feature.makeScene(), size: Size(width: 80, height: 24))
        await h.host.advance(seconds: 1.5)
        let frame = d.frame()
        var checked = 0
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width {
                let cell = frame[x, y]
                // Text on the terminal's own background: the theme decides what is behind it.
                guard let text = cell.style.foreground, text == OfferCountdownPalette.secondary, cell.style.background == nil,
                    !cell.grapheme.allSatisfy(\.isWhitespace)
                else { continue }
                for theme in TerminalTheme.all {
                    #expect(Color.contrast(text, theme.background) >= 4.5, "'\(cell.grapheme)' at \(x),\(y) on \(theme.name)")
                }
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
