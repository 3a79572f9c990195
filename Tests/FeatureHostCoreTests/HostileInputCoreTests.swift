import FeatureHostCore
import Foundation
import Testing

/// The core's tools against hostile input (issue 24): text cut per field, invisible controls dropped from one
/// definition, arithmetic that saturates, and one timeout range for `validate` and every request.
@Suite struct TextLimitTests {
    @Test func textThatFitsComesBackAsItIs() {
        let limit = TextLimit(maximumCharacters: 5)
        for text in ["", "abc", "abcde", "äöüßé", "日本語テキ", "👨‍👩‍👧👍🏽🇳🇴é\u{301}x"] {
            #expect(limit.apply(text) == text, "\(text)")
        }
    }

    @Test func longerTextIsCutAtACharacterAndEndsInAnEllipsis() {
        let limit = TextLimit(maximumCharacters: 5)
        #expect(limit.apply("abcdef") == "abcd…")
        #expect(limit.apply("ab   cdef") == "ab…", "spaces before the cut go")
        #expect(limit.apply("日本語テキスト") == "日本語テ…")
        #expect(limit.apply("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧") == "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧…", "a family emoji is one character, kept whole")
        #expect(limit.apply("e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}") == "e\u{301}e\u{301}e\u{301}e\u{301}…")
        for text in ["abcdef", "日本語テキスト", String(repeating: "🇳🇴", count: 9)] {
            let cut = limit.apply(text)
            #expect(cut.count == 5 && cut.hasSuffix("…"), "\(text) → \(cut)")
        }
    }

    /// A character that joins what follows it (a prepended concatenation mark, U+0600) would take the ellipsis into
    /// itself; it is left out, so every cut ends in its own `…` (FuzzServerText's finding).
    @Test func aCharacterThatJoinsTheNextIsLeftOutBeforeTheEllipsis() {
        let limit = TextLimit(maximumCharacters: 5)
        // The mark does not join a line break, so it ends the fourth character, just before the cut.
        #expect(limit.apply("abc\u{600}\nxyzw") == "abc…")
        #expect(limit.apply("\u{600}\n\u{600}\n\u{600}\n\u{600}\n") == "…", "nothing kept but the ellipsis")
    }

    /// A 5 MB title and a 10 MB message cost what the limit costs: the cut looks at the kept part only.
    @Test(arguments: [5_000_000, 10_000_000])
    func megabytesAreCutToTheLimit(_ size: Int) {
        let huge = String(repeating: "x", count: size)
        for limit in [TextLimit.name, .title, .message, .body] {
            let cut = limit.apply(huge)
            #expect(cut.count == limit.maximumCharacters)
            #expect(cut.hasSuffix("…"))
        }
        let wide = String(repeating: "語", count: size / 3)
        #expect(TextLimit.message.apply(wide).count == TextLimit.message.maximumCharacters)
    }

    /// One "character" of a million combining marks is cut too: never more than 32 bytes a character are kept.
    @Test func aSingleHugeGraphemeIsCutByBytes() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 1_000_000) + "b"
        let cut = TextLimit.title.apply(zalgo)
        #expect(cut.utf8.count <= TextLimit.title.maximumCharacters * 32 + 3)
        #expect(cut.hasSuffix("…"))
    }

    @Test func longURLsAreNotUsed() {
        #expect(TextLimit.url.acceptsURL("https://example.org/a.png"))
        #expect(!TextLimit.url.acceptsURL("https://example.org/" + String(repeating: "a", count: 3_000)))
    }

    @Test func errorsShownToAPersonAreCut() {
        let error = FeatureError("bad: " + String(repeating: "x", count: 10_000_000))
        #expect(error.message.count == TextLimit.message.maximumCharacters)
        struct Loud: Error, CustomStringConvertible { var description: String { String(repeating: "y", count: 5_000_000) } }
        #expect(Loud().userFacingMessage.count == TextLimit.message.maximumCharacters)
    }
}

@Suite struct InvisibleControlsTests {
    /// The bidirectional overrides, embeddings, isolates and marks, C0 and C1 controls, and other format
    /// characters: gone, wherever they stand.
    @Test func bidiOverridesAndControlsAreDropped() {
        let bidi =
            (0x202A...0x202E).map { Unicode.Scalar($0)! } + (0x2066...0x2069).map { Unicode.Scalar($0)! }
            + ["\u{200E}", "\u{200F}", "\u{061C}", "\u{1B}", "\u{7}", "\u{0}", "\u{7F}", "\u{85}", "\u{9B}", "\u{FEFF}", "\u{2060}"]
        for scalar in bidi {
            #expect(InvisibleControls.contains(scalar), "U+\(String(scalar.value, radix: 16))")
            #expect(InvisibleControls.removed(from: "a\(scalar)b") == "ab", "U+\(String(scalar.value, radix: 16))")
        }
        #expect(InvisibleControls.removed(from: "invoice\u{202E}fdp.exe") == "invoicefdp.exe")
        #expect(InvisibleControls.removed(from: "\u{2067}\u{202E}") == "")
    }

    /// What is part of a visible character stays: a joiner in an emoji, the tags of a flag, a soft hyphen; and
    /// tab, line feed and carriage return unless asked.
    @Test func whatBelongsToVisibleTextStays() {
        for text in ["👨‍👩‍👧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "co\u{AD}operate", "a\u{200D}b", "a\u{200C}b", "ok\ttab\nline\r\n", "plain", "日本語", ""] {
            #expect(InvisibleControls.removed(from: text) == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(InvisibleControls.removed(from: "a\tb\nc", keeping: []) == "abc")
        #expect(!InvisibleControls.contains("\u{AD}"))
        #expect(!InvisibleControls.contains("a"))
    }
}

@Suite struct SaturatingArithmeticTests {
    @Test func sumsAndProductsStopAtTheBounds() {
        #expect(Int.max.addingSaturated(1) == .max)
        #expect(Int.min.addingSaturated(-1) == .min)
        #expect(Int.min.subtractingSaturated(1) == .min)
        #expect(Int.max.subtractingSaturated(-1) == .max)
        #expect(5.addingSaturated(-7) == -2)
        #expect((Int.max / 2).multipliedSaturated(by: 3) == .max)
        #expect((Int.max / 2).multipliedSaturated(by: -3) == .min)
        #expect([Int.max, 5, 7].saturatingSum() == .max)
        #expect([Int.min, -5].saturatingSum() == .min)
        #expect([1, 2, 3].saturatingSum() == 6)
        #expect([UInt8](repeating: 200, count: 3).saturatingSum() == 255)
    }

    @Test func doublesBecomeIntegersWithoutATrap() {
        #expect(Int(saturating: 1e300) == .max)
        #expect(Int(saturating: -1e300) == .min)
        #expect(Int(saturating: .infinity) == .max)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int64(saturating: Double(Int64.max)) == .max, "2^63 itself is out of range")
        #expect(Int(saturating: 41.9) == 41)
        #expect(UInt64(saturating: -3) == 0)
    }
}

@Suite struct TimeoutRangeTests {
    /// `source.timeout` of 1e300 once passed `validate` and crashed the first request (1e309 ns is not a UInt64).
    @Test func everyRequestHasATimeoutInsideTheRange() throws {
        let url = try #require(URL(string: "https://example.org"))
        #expect(HTTPRequest(url: url, timeout: 1e300).timeout == 3600)
        #expect(HTTPRequest(url: url, timeout: .infinity).timeout == 3600)
        #expect(HTTPRequest(url: url, timeout: -5).timeout == 0.001)
        #expect(HTTPRequest(url: url, timeout: .nan).timeout == HTTPRequest.defaultTimeout)
        #expect(HTTPRequest(url: url, timeout: 2.5).timeout == 2.5)
        var request = HTTPRequest(url: url)
        request.timeout = 1e300
        #expect(request.timeout == 3600)
        #expect(SourceConfiguration.http(url, timeout: 1e300).timeout == 3600)
        #expect(SourceConfiguration.timeoutRange == HTTPRequest.timeoutRange)
    }

    @Test func aTimeoutMessageNeverTraps() throws {
        let url = try #require(URL(string: "https://example.org"))
        #expect(HTTPError.timedOut(url, seconds: 1e300).description.hasSuffix("timed out after 1e+300 s."))
        #expect(HTTPError.timedOut(url, seconds: 15).description.hasSuffix("timed out after 15 s."))
    }
}
