import Testing

@testable import TerminalUI

/// The theme check: which cells depend on the terminal's own colours, and fail on a dark or a light theme.
@Suite struct LegibilityTests {
    private func frame(_ text: String, _ style: Style) -> Frame {
        var frame = Frame(size: Size(width: 6, height: 1))
        frame.put(text, at: Point(x: 0, y: 0), style: style)
        return frame
    }

    private func problems(_ style: Style, _ text: String = "ab") -> [String: [LegibilityProblem.Reason]] {
        let frame = frame(text, style)
        var result: [String: [LegibilityProblem.Reason]] = [:]
        for theme in TerminalTheme.all {
            let reasons = frame.legibilityProblems(on: theme).map(\.reason)
            if !reasons.isEmpty { result[theme.name] = Array(Set(reasons)) }
        }
        return result
    }

    @Test func fixedWhiteVanishesOnALightThemeAndBlackOnADarkOne() {
        #expect(Array(problems(Style(foreground: .rgb(255, 255, 255))).keys) == ["light"])
        #expect(Array(problems(Style(foreground: .white)).keys) == ["light"])
        #expect(Array(problems(Style(foreground: .rgb(0, 0, 0))).keys) == ["dark"])
        #expect(Array(problems(Style(foreground: .black)).keys) == ["dark"])
        #expect(problems(Style(foreground: .rgb(0, 0, 0)))["dark"] == [.lowContrast(tenths: 10)])
    }

    @Test func theTerminalsOwnColoursAndMidColoursReadOnBoth() {
        #expect(problems(.plain).isEmpty)
        #expect(problems(Style(bold: true, dim: true)).isEmpty)
        #expect(problems(Style(reverse: true)).isEmpty, "reverse video of the terminal's own colours")
        #expect(problems(Style(foreground: .red)).isEmpty)
        #expect(problems(Style(foreground: .gray)).isEmpty)
        #expect(problems(Style(foreground: .rgb(65, 69, 152))).isEmpty)
    }

    @Test func aPaintedBackgroundNeedsItsOwnTextColour() {
        let painted = problems(Style(background: .rgb(44, 44, 52)))
        #expect(painted["dark"] == [.backgroundWithoutForeground])
        #expect(painted["light"] == [.backgroundWithoutForeground])
        #expect(problems(Style(foreground: .rgb(235, 235, 240), background: .rgb(44, 44, 52))).isEmpty)
        // Reversed, a text colour becomes the background and the terminal's background the text.
        #expect(problems(Style(foreground: .green, reverse: true))["light"] == [.backgroundWithoutForeground])
        #expect(problems(Style(foreground: .green, background: .black, reverse: true)).isEmpty)
    }

    @Test func bothColoursFixedIsTheScenesDesignAndBlanksAreNotText() {
        #expect(problems(Style(foreground: .rgb(229, 229, 234), background: .rgb(255, 255, 255))).isEmpty)
        #expect(problems(Style(background: .rgb(44, 44, 52)), "  ").isEmpty)
        #expect(problems(Style(foreground: .rgb(255, 255, 255)), "  ").isEmpty)
    }

    @Test func theReportNamesTheCellsAndTheTheme() {
        let frame = frame("Hi", Style(foreground: .rgb(255, 255, 255)))
        #expect(
            frame.legibilityReport(modes: [.trueColor]) == """
                'H' at 0,0 on the light theme: contrast 1.0:1
                'i' at 1,0 on the light theme: contrast 1.0:1
                """)
        #expect(frame.legibilityReport(modes: [.trueColor], limit: 1).hasSuffix("… and 1 more"))
        #expect(Frame(size: Size(width: 3, height: 1)).legibilityReport() == "")
    }

    @Test func coloursAreJudgedAsEachModeShowsThem() {
        // A dark grey reads on black in 24-bit colour, but with 16 colours it becomes black.
        let frame = frame("ab", Style(foreground: .rgb(60, 60, 60)))
        #expect(frame.legibilityProblems(on: .dark).isEmpty)
        #expect(frame.legibilityProblems(on: .dark, mode: .ansi16).map(\.reason) == [.lowContrast(tenths: 10), .lowContrast(tenths: 10)])
        #expect(frame.legibilityProblems(on: .dark, mode: .none).isEmpty, "without colour it is the terminal's text")
        #expect(frame.legibilityReport().hasPrefix("'a' at 0,0 on the dark theme in ansi16: contrast 1.0:1"))
        #expect(Color.rgb(60, 60, 60).shown(in: .ansi16) == .black)
        #expect(Color.rgb(255, 0, 0).shown(in: .ansi256) == .rgb(255, 0, 0))
        #expect(Color.rgb(128, 128, 128).shown(in: .ansi256) == .rgb(128, 128, 128))
        #expect(Color.rgb(100, 140, 170).shown(in: .ansi256) == .rgb(95, 135, 175))
        #expect(Color.white.shown(in: .trueColor) == .white)
        #expect(Color.white.shown(in: .none) == nil)
    }

    @Test func contrastAndReadableText() {
        #expect(Color.contrast(.rgb(0, 0, 0), .rgb(255, 255, 255)) == 21)
        #expect(Color.contrast(.rgb(90, 90, 90), .rgb(90, 90, 90)) == 1)
        #expect(Color.rgb(65, 69, 152).readableText == .rgb(255, 255, 255))
        #expect(Color.rgb(255, 204, 0).readableText == .rgb(0, 0, 0))
    }

    @Test func aFocusedButtonHasBothColours() {
        var frame = Frame(size: Size(width: 12, height: 2))
        frame.drawButton("OK", at: Point(x: 0, y: 0), focused: true, accent: .rgb(65, 69, 152))
        frame.drawButton("OK", at: Point(x: 0, y: 1), focused: true, style: Style(foreground: .rgb(76, 175, 80)))
        #expect(frame.legibilityReport() == "")
        #expect(frame[2, 0].style.foreground == .rgb(255, 255, 255))
        #expect(frame[2, 1].style.reverse && frame[2, 1].style.background == .rgb(0, 0, 0))
    }
}
