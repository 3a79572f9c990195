import TerminalUI
import Testing

@Suite struct FrameRendererTests {
    static func sample(size: Size = Size(width: 20, height: 6)) -> Frame {
        var frame = Frame(size: size)
        frame.put("Hello 漢字 world", at: Point(x: 1, y: 1), style: Style(foreground: .rgb(200, 100, 0), bold: true))
        frame.fillGradient(Rect(x: 0, y: 3, width: 20, height: 1), from: .rgb(0, 0, 0), to: .rgb(255, 255, 255))
        frame.drawButton("OK", at: Point(x: 2, y: 4), focused: true)
        return frame
    }

    @Test(arguments: ColorMode.allCases)
    func aFullRenderReproducesTheFrame(mode: ColorMode) {
        let frame = Self.sample()
        var screen = ANSIScreen(size: frame.size)
        screen.apply(FrameRenderer(colorMode: mode).render(frame))
        #expect(screen.text == frame.plainText())
        #expect(screen.styleChanges.last == "0", "output ends in the default style")
    }

    @Test func aDiffOfABoxWritesOnlyItsSixCells() {
        let before = Self.sample()
        var after = before
        // A 2-wide, 3-tall box in the top-right corner region.
        after.fill(Rect(x: 15, y: 2, width: 2, height: 3), with: "#", style: Style(background: .blue))
        var screen = ANSIScreen(size: before.size)
        let renderer = FrameRenderer(colorMode: .trueColor)
        screen.apply(renderer.render(before))
        screen.written = []
        screen.moves = []
        screen.apply(renderer.diff(from: before, to: after))
        let box = [
            Point(x: 15, y: 2), Point(x: 16, y: 2), Point(x: 15, y: 3), Point(x: 16, y: 3), Point(x: 15, y: 4),
            Point(x: 16, y: 4),
        ]
        #expect(screen.written == box)
        #expect(screen.moves == [Point(x: 15, y: 2), Point(x: 15, y: 3), Point(x: 15, y: 4)], "one move per row")
        #expect(screen.text == after.plainText())
    }

    @Test func aDiffOfEqualFramesWritesNothing() {
        let frame = Self.sample()
        #expect(FrameRenderer(colorMode: .trueColor).diff(from: frame, to: frame) == "")
    }

    @Test func aDiffRewritesAWideCharacterWhole() {
        let before = Self.sample()
        var after = before
        after.put("x", at: Point(x: 8, y: 1))  // the right half of 漢 at 7–8
        var screen = ANSIScreen(size: before.size)
        let renderer = FrameRenderer(colorMode: .ansi16)
        screen.apply(renderer.render(before))
        screen.written = []
        screen.apply(renderer.diff(from: before, to: after))
        #expect(screen.written == [Point(x: 7, y: 1), Point(x: 8, y: 1)])
        #expect(screen.text == after.plainText())
        #expect(after.plainLines()[1] == " Hello  x字 world")
    }

    @Test func framesOfAnotherSizeAreDrawnInFull() {
        let small = Frame(size: Size(width: 3, height: 2))
        let output = FrameRenderer(colorMode: .none).diff(from: small, to: Self.sample())
        var screen = ANSIScreen(size: Size(width: 20, height: 6))
        screen.apply(output)
        #expect(screen.written.count > 100)
    }

    @Test func stylesChangeOnlyBetweenCellsThatDiffer() {
        var frame = Frame(size: Size(width: 8, height: 1))
        frame.put("ab", at: .zero, style: Style(foreground: .red, bold: true))
        frame.put("cd", at: Point(x: 2, y: 0), style: Style(foreground: .red))
        frame.put("ef", at: Point(x: 4, y: 0), style: Style(foreground: .rgb(0, 0, 255), underline: true))
        var screen = ANSIScreen(size: frame.size)
        screen.apply(FrameRenderer(colorMode: .trueColor).render(frame))
        #expect(screen.styleChanges == ["0", "1;31", "22", "4;38;2;0;0;255", "0"])
    }

    @Test func colourModesEncodeColoursDifferently() {
        var frame = Frame(size: Size(width: 1, height: 1))
        frame.put("x", at: .zero, style: Style(foreground: .rgb(255, 0, 0), background: .ansi(.brightBlue)))
        func codes(_ mode: ColorMode) -> [String] {
            var screen = ANSIScreen(size: frame.size)
            screen.apply(FrameRenderer(colorMode: mode).render(frame))
            return screen.styleChanges
        }
        #expect(codes(.trueColor) == ["0", "38;2;255;0;0;104", "0"])
        #expect(codes(.ansi256) == ["0", "38;5;196;104", "0"])
        #expect(codes(.ansi16) == ["0", "91;104", "0"])
        #expect(codes(.none) == ["0"])
    }

    @Test func noColourModeKeepsAttributes() {
        var frame = Frame(size: Size(width: 8, height: 1))
        frame.drawButton("OK", at: .zero, focused: true)
        var screen = ANSIScreen(size: frame.size)
        screen.apply(FrameRenderer(colorMode: .none).render(frame))
        #expect(screen.styleChanges == ["0", "1;7", "0"])
    }
}
