import TerminalUI
import Testing

@Suite struct DisplayWidthTests {
    @Test func measuresASCII() {
        #expect(DisplayWidth.of("hello") == 5)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test func measuresWideCharacters() {
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("ｈｉ") == 4)  // fullwidth Latin
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("かな") == 4)
        #expect(DisplayWidth.of("a漢b") == 4)
    }

    @Test func combiningMarksAndJoinersAreZeroWidth() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("\u{301}") == 0)
        #expect(DisplayWidth.of("\u{200D}") == 0)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("🇩🇪") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("❤") == 1)
    }

    @Test func controlsAreZeroWidth() {
        #expect(DisplayWidth.of("\t\n\u{1B}") == 0)
        #expect(DisplayWidth.of("a\u{7F}\u{85}") == 1)
    }

    @Test func boxDrawingAndSymbolsAreNarrow() {
        #expect(DisplayWidth.of("╭─╮│…") == 5)
        #expect(DisplayWidth.of("€£") == 2)
    }
}
