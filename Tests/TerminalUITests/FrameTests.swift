import TerminalUI
import Testing

@Suite struct FrameTests {
    @Test func putClipsToTheFrameAndMaxWidth() {
        var frame = Frame(size: Size(width: 10, height: 2))
        #expect(frame.put("Hello world", at: Point(x: 2, y: 0)) == 8)
        #expect(frame.put("abcdef", at: Point(x: 0, y: 1), maxWidth: 3) == 3)
        #expect(frame.put("off", at: Point(x: 0, y: 5)) == 0)
        #expect(frame.plainLines() == ["  Hello wo", "abc"])
    }

    @Test func putStoresWideCharactersAsLeadAndContinuation() {
        var frame = Frame(size: Size(width: 6, height: 1))
        frame.put("a漢b", at: .zero)
        #expect(frame[1, 0].grapheme == "漢")
        #expect(frame[2, 0].isContinuation)
        #expect(frame[3, 0].grapheme == "b")
        #expect(frame.plainText() == "a漢b")
    }

    @Test func aWideCharacterThatDoesNotFitIsNotHalfDrawn() {
        var frame = Frame(size: Size(width: 4, height: 1))
        #expect(frame.put("ab漢字", at: Point(x: 1, y: 0)) == 2)
        #expect(frame.plainText() == " ab")
        var clipped = Frame(size: Size(width: 4, height: 1))
        clipped.put("漢字", at: Point(x: -1, y: 0))
        #expect(clipped.plainText() == " 字")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var frame = Frame(size: Size(width: 4, height: 1))
        frame.put("漢字", at: .zero)
        frame.put("x", at: Point(x: 1, y: 0))
        #expect(frame.plainText() == " x字")
        frame.put("y", at: Point(x: 2, y: 0))
        #expect(frame.plainText() == " xy")
        #expect(!frame[3, 0].isContinuation)
    }

    @Test func combiningCharactersShareOneCell() {
        var frame = Frame(size: Size(width: 4, height: 1))
        frame.put("e\u{301}x", at: .zero)
        #expect(frame[0, 0].grapheme == "e\u{301}")
        #expect(frame[1, 0].grapheme == "x")
    }

    @Test func textKeepsTheBackgroundUnderIt() {
        var frame = Frame(size: Size(width: 4, height: 1))
        frame.fill(frame.bounds, style: Style(background: .blue))
        frame.put("ab", at: .zero, style: Style(foreground: .white))
        #expect(frame[0, 0].style == Style(foreground: .white, background: .blue))
        frame.put("c", at: Point(x: 2, y: 0), style: Style(background: .red))
        #expect(frame[2, 0].style.background == .red)
    }

    @Test func alignsAndEllipsizesInARect() {
        var frame = Frame(size: Size(width: 12, height: 3))
        frame.put("mid", in: Rect(x: 0, y: 0, width: 12, height: 1), alignment: .center)
        frame.put("end", in: Rect(x: 0, y: 1, width: 12, height: 1), alignment: .trailing)
        frame.put("much too long text", in: Rect(x: 0, y: 2, width: 12, height: 1))
        #expect(frame.plainLines() == ["    mid", "         end", "much too lo…"])
    }

    @Test func wrapsTextIntoARect() {
        var frame = Frame(size: Size(width: 10, height: 2))
        #expect(frame.putWrapped("one two three four five", in: frame.bounds) == 2)
        #expect(frame.plainLines() == ["one two", "three fou…"])
    }

    @Test func drawsSingleAndRoundedBoxes() {
        var frame = Frame(size: Size(width: 14, height: 3))
        frame.drawBox(Rect(x: 0, y: 0, width: 6, height: 3))
        frame.drawBox(Rect(x: 7, y: 0, width: 7, height: 3), lineStyle: .rounded, title: "Title")
        #expect(
            frame.plainText() == """
                ┌────┐ ╭ Ti… ╮
                │    │ │     │
                └────┘ ╰─────╯
                """)
    }

    @Test func buttonsShowFocus() {
        var frame = Frame(size: Size(width: 20, height: 1))
        let ok = frame.drawButton("OK", at: .zero, focused: true)
        let cancel = frame.drawButton("Cancel", at: Point(x: 7, y: 0), focused: false)
        #expect(frame.plainText() == "[ OK ] [ Cancel ]")
        #expect(ok == Rect(x: 0, y: 0, width: 6, height: 1))
        #expect(cancel.width == Frame.buttonWidth("Cancel"))
        #expect(frame[2, 0].style.reverse && frame[2, 0].style.bold)
        #expect(!frame[9, 0].style.reverse)
    }

    @Test func popupDimsTheScreenAndCentresABox() {
        var frame = Frame(size: Size(width: 12, height: 5))
        frame.put("background text", at: .zero)
        frame.put("more", at: Point(x: 0, y: 4))
        let inside = frame.drawPopup(size: Size(width: 6, height: 3), title: "Hi")
        #expect(inside == Rect(x: 4, y: 2, width: 4, height: 1))
        #expect(
            frame.plainText() == """
                background t
                   ╭ Hi ╮
                   │    │
                   ╰────╯
                more
                """)
        #expect(frame[0, 0].style.dim && frame[0, 4].style.dim)
        #expect(!frame[5, 2].style.dim && !frame[3, 1].style.dim, "the popup itself is not dimmed")
    }

    /// Behind a popup, painted backgrounds darken too (a dim attribute alone leaves them as bright as before);
    /// the terminal's own background, which the frame does not paint, stays the terminal's.
    @Test func dimmingDarkensPaintedBackgroundsAndKeepsTheTerminals() {
        var frame = Frame(size: Size(width: 3, height: 1))
        frame.fill(Rect(x: 0, y: 0, width: 1, height: 1), style: Style(foreground: .rgb(0, 0, 0), background: .rgb(200, 100, 40)))
        frame.fill(Rect(x: 1, y: 0, width: 1, height: 1), style: Style(background: .ansi(.white)))
        frame.dim()
        #expect(frame[0, 0].style.background == .rgb(110, 55, 22))
        #expect(frame[0, 0].style.foreground == .rgb(0, 0, 0) && frame[0, 0].style.dim)
        #expect(frame[1, 0].style.background.map(\.luminance) ?? 1 < Color.ansi(.white).luminance)
        #expect(frame[2, 0].style.background == nil && frame[2, 0].style.dim)
    }

    @Test func tooSmallTellsTheMinimumAndCurrentSize() {
        let frame = Frame.tooSmall(size: Size(width: 60, height: 20), minimum: Size(width: 80, height: 24))
        let lines = frame.plainLines()
        #expect(lines.count == 20)
        #expect(lines[9] == "        Make the window at least 80×24 (now 60×20).")
        let narrow = Frame.tooSmall(size: Size(width: 20, height: 5), minimum: Size(width: 80, height: 24))
        #expect(narrow.plainText().contains("80×24"))
        #expect(Frame.tooSmall(size: .zero, minimum: Size(width: 80, height: 24)).plainText() == "")
    }

    @Test func drawsAFrameIntoAnother() {
        var inner = Frame(size: Size(width: 3, height: 2))
        inner.put("漢x", at: .zero)
        inner.put("abc", at: Point(x: 0, y: 1))
        var outer = Frame(size: Size(width: 5, height: 3))
        outer.draw(inner, at: Point(x: 1, y: 1))
        #expect(outer.plainLines() == ["", " 漢x", " abc"])
        var clipped = Frame(size: Size(width: 3, height: 1))
        clipped.draw(inner, at: Point(x: -1, y: 0))
        #expect(clipped.plainText() == " x")
    }

    @Test func outOfRangeAccessIsHarmless() {
        var frame = Frame(size: Size(width: 2, height: 2))
        frame[5, 5] = Cell("x")
        #expect(frame[-1, 0] == .blank)
        #expect(Frame(size: Size(width: -3, height: 2)).cells.isEmpty)
    }

    @Test func rectanglesIntersectAndContain() {
        let a = Rect(x: 0, y: 0, width: 4, height: 4)
        #expect(a.intersects(Rect(x: 3, y: 3, width: 2, height: 2)))
        #expect(!a.intersects(Rect(x: 4, y: 0, width: 2, height: 2)))
        #expect(a.contains(Point(x: 3, y: 3)) && !a.contains(Point(x: 4, y: 3)))
        #expect(a.contains(Rect(x: 1, y: 1, width: 3, height: 3)))
        #expect(a.intersection(Rect(x: 2, y: 2, width: 5, height: 5)) == Rect(x: 2, y: 2, width: 2, height: 2))
        #expect(a.centered(Size(width: 2, height: 2)) == Rect(x: 1, y: 1, width: 2, height: 2))
    }
}
