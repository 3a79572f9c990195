import TerminalUI
import Testing

@Suite struct ColorTests {
    @Test func choosesColorModeFromTheEnvironment() {
        #expect(ColorMode.detect(environment: ["NO_COLOR": "", "COLORTERM": "truecolor"]) == .none)
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "TERM": "xterm-256color"]) == .none)
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["TERM": "screen-256color"]) == .ansi256)
        #expect(ColorMode.detect(environment: ["COLORTERM": "yes", "TERM": "xterm-256color"]) == .ansi256)
        #expect(ColorMode.detect(environment: ["TERM": "xterm"]) == .ansi16)
        #expect(ColorMode.detect(environment: [:]) == .ansi16)
    }

    @Test func convertsRGBToTheNearest256Colour() {
        #expect(ColorConversion.ansi256(red: 0, green: 0, blue: 0) == 16)
        #expect(ColorConversion.ansi256(red: 255, green: 255, blue: 255) == 231)
        #expect(ColorConversion.ansi256(red: 255, green: 0, blue: 0) == 196)
        #expect(ColorConversion.ansi256(red: 95, green: 135, blue: 175) == 16 + 36 * 1 + 6 * 2 + 3)
        #expect(ColorConversion.ansi256(red: 128, green: 128, blue: 128) == 244)  // grey ramp: 8 + 10 × 12
        #expect(ColorConversion.ansi256(red: 100, green: 101, blue: 99) == 241)
    }

    @Test func convertsRGBToTheNearest16Colour() {
        #expect(ColorConversion.ansi16(red: 250, green: 10, blue: 10) == .brightRed)
        #expect(ColorConversion.ansi16(red: 190, green: 0, blue: 0) == .red)
        #expect(ColorConversion.ansi16(red: 10, green: 10, blue: 10) == .black)
        #expect(ColorConversion.ansi16(red: 240, green: 240, blue: 240) == .white)
        for color in ANSIColor.allCases {
            let c = color.components
            #expect(ColorConversion.ansi16(red: c.red, green: c.green, blue: c.blue) == color)
        }
    }

    @Test func parsesColourNames() {
        #expect(Color(name: "red") == .red)
        #expect(Color(name: "bright-blue") == .ansi(.brightBlue))
        #expect(Color(name: "brightBlue") == .ansi(.brightBlue))
        #expect(Color(name: "grey") == .gray)
        #expect(Color(name: "#FF8800") == .rgb(255, 136, 0))
        #expect(Color(name: "mauve") == nil)
        #expect(Color(hex: "12345") == nil)
        #expect(Color(hex: "+12345") == nil)
    }

    @Test func gradientStartsAndEndsAtItsColours() {
        var frame = Frame(size: Size(width: 12, height: 3))
        frame.put("text", at: Point(x: 0, y: 1))
        let start = Color.rgb(255, 0, 0)
        let end = Color.rgb(0, 0, 255)
        frame.fillGradient(Rect(x: 1, y: 1, width: 10, height: 2), from: start, to: end)
        #expect(frame[1, 1].style.background == start)
        #expect(frame[10, 1].style.background == end)
        #expect(frame[10, 2].style.background == end)
        #expect(frame[0, 1].style.background == nil)
        #expect(frame[11, 1].style.background == nil)
        #expect(frame[1, 0].style.background == nil)
        #expect(frame[1, 1].grapheme == "e", "the gradient keeps the text")
        // Halfway-ish columns mix both colours, moving monotonically from red to blue.
        let reds = (1...10).map { frame[$0, 1].style.background?.components.red ?? 0 }
        #expect(reds == reds.sorted(by: >))
        #expect(Color.interpolate(from: start, to: end, fraction: 0.5) == .rgb(128, 0, 128))
    }

    @Test func aOneColumnGradientUsesTheStartColour() {
        var frame = Frame(size: Size(width: 3, height: 1))
        frame.fillGradient(Rect(x: 1, y: 0, width: 1, height: 1), from: .rgb(1, 2, 3), to: .rgb(9, 9, 9))
        #expect(frame[1, 0].style.background == .rgb(1, 2, 3))
    }
}
