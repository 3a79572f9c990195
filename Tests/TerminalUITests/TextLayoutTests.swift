import TerminalUI
import Testing

@Suite struct TextLayoutTests {
    @Test func wrapsAtWordBoundaries() {
        #expect(TextLayout.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TextLayout.wrap("exactly ten", width: 11) == ["exactly ten"])
    }

    @Test func breaksOverlongWords() {
        #expect(
            TextLayout.wrap("a supercalifragilistic word", width: 8) == ["a", "supercal", "ifragili", "stic", "word"])
    }

    @Test func keepsNewlinesAndCollapsesSpaces() {
        #expect(TextLayout.wrap("one\n\ntwo   three", width: 20) == ["one", "", "two three"])
    }

    @Test func wrapsByDisplayWidth() {
        #expect(TextLayout.wrap("漢字漢字漢字", width: 5) == ["漢字", "漢字", "漢字"])
        #expect(TextLayout.wrap("漢", width: 1) == ["漢"])
    }

    @Test func wrapsNothingIntoNoWidth() {
        #expect(TextLayout.wrap("text", width: 0) == [])
    }

    @Test func ellipsizesOnlyWhenTooWide() {
        #expect(TextLayout.ellipsize("Hello", width: 5) == "Hello")
        #expect(TextLayout.ellipsize("Hello world", width: 8) == "Hello w…")
        #expect(TextLayout.ellipsize("Hello world", width: 7) == "Hello…")
        #expect(TextLayout.ellipsize("Hello", width: 1) == "…")
        #expect(TextLayout.ellipsize("Hello", width: 0) == "")
    }

    @Test func ellipsizesByDisplayWidth() {
        #expect(TextLayout.ellipsize("漢字漢字", width: 6) == "漢字…")
        #expect(TextLayout.ellipsize("漢字漢字", width: 4) == "漢…")
        #expect(DisplayWidth.of(TextLayout.ellipsize("漢字漢字", width: 4)) <= 4)
    }
}
