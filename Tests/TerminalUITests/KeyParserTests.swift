import Testing

@testable import TerminalUI

@Suite struct KeyParserTests {
    static let cases: [(bytes: [UInt8], key: Key)] = [
        (Array("a".utf8), .character("a")),
        (Array("Z".utf8), .character("Z")),
        (Array("é".utf8), .character("é")),
        (Array("漢".utf8), .character("漢")),
        (Array("😀".utf8), .character("😀")),
        ([0x0D], .enter), ([0x0A], .enter), ([0x09], .tab),
        ([0x1B, 0x5B, 0x5A], .backTab),
        (Array("\u{1B}[A".utf8), .up), (Array("\u{1B}[B".utf8), .down),
        (Array("\u{1B}[C".utf8), .right), (Array("\u{1B}[D".utf8), .left),
        (Array("\u{1B}OA".utf8), .up), (Array("\u{1B}OB".utf8), .down),
        (Array("\u{1B}OC".utf8), .right), (Array("\u{1B}OD".utf8), .left),
        (Array("\u{1B}[H".utf8), .home), (Array("\u{1B}[F".utf8), .end),
        (Array("\u{1B}[1~".utf8), .home), (Array("\u{1B}[4~".utf8), .end),
        (Array("\u{1B}OH".utf8), .home), (Array("\u{1B}OF".utf8), .end),
        (Array("\u{1B}[5~".utf8), .pageUp), (Array("\u{1B}[6~".utf8), .pageDown),
        (Array("\u{1B}[3~".utf8), .delete),
        ([0x7F], .backspace), ([0x08], .backspace), ([0x03], .ctrlC),
        (Array("\u{1B}[I".utf8), .focusIn), (Array("\u{1B}[O".utf8), .focusOut),
        (Array("\u{1B}[1;5A".utf8), .up),
        ([0x1A], .control(0x1A)),
    ]

    @Test(arguments: cases)
    func decodesEachKey(bytes: [UInt8], key: Key) {
        var parser = KeyParser()
        #expect(parser.feed(bytes) == [key])
        #expect(!parser.hasPendingInput)
    }

    @Test(arguments: cases)
    func decodesKeysSplitAtEveryBytePosition(bytes: [UInt8], key: Key) {
        for split in 1..<max(bytes.count, 2) where split < bytes.count {
            var parser = KeyParser()
            let first = parser.feed(Array(bytes[..<split]))
            let second = parser.feed(Array(bytes[split...]))
            #expect(first + second == [key], "split at \(split)")
        }
    }

    @Test func decodesAStreamFedOneByteAtATime() {
        let bytes = Array("a\u{1B}[Ab漢\u{1B}[5~\r\u{1B}OD😀\u{1B}[Z".utf8)
        var parser = KeyParser()
        let keys = bytes.flatMap { parser.feed([$0]) }
        #expect(
            keys == [
                .character("a"), .up, .character("b"), .character("漢"), .pageUp, .enter, .left, .character("😀"),
                .backTab,
            ])
    }

    @Test func holdsALoneEscapeUntilFlushed() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B]) == [])
        #expect(parser.hasPendingInput)
        #expect(parser.flushPendingEscape() == [.escape])
        #expect(!parser.hasPendingInput)
        #expect(parser.flushPendingEscape() == [])
    }

    @Test func aHeldEscapeJoinsTheNextRead() {
        var parser = KeyParser()
        #expect(parser.feed([0x1B]) == [])
        #expect(parser.feed(Array("[B".utf8)) == [.down])
    }

    @Test func flushingAnUnfinishedSequenceGivesEscapeAndTheRest() {
        var parser = KeyParser()
        #expect(parser.feed(Array("\u{1B}[".utf8)) == [])
        #expect(parser.flushPendingEscape() == [.escape, .character("[")])
    }

    /// ESC and a key in one read is that key with Alt, as terminals send it; Esc pressed alone comes in a read of
    /// its own (or goes quiet), and ESC before another ESC or a control key is the Esc key.
    @Test func escapeFollowedByAKeyInOneReadIsAlt() {
        var parser = KeyParser()
        #expect(
            parser.feed(Array("\u{1B}q\u{1B}Q\u{1B}\r\u{1B}\t\u{1B}\u{7F}\u{1B}é".utf8)) == [
                .alt("q"), .alt("Q"), .alt("\r"), .alt("\t"), .alt("\u{7F}"), .alt("é"),
            ])
        #expect(parser.feed([0x1B]) == [])
        #expect(parser.flushPendingEscape() == [.escape])
        #expect(parser.feed(Array("q".utf8)) == [.character("q")], "Esc, a pause, then q: two keys")
        #expect(parser.feed([0x1B, 0x1B]) == [.escape])
        #expect(parser.flushPendingEscape() == [.escape])
        #expect(parser.feed([0x1B, 0x03, 0x1B, 0x1A]) == [.escape, .ctrlC, .escape, .control(0x1A)])
        // Alt with a character still arriving waits for it.
        #expect(parser.feed([0x1B, 0xC3]) == [])
        #expect(parser.feed([0xA9]) == [.alt("é")])
    }

    @Test func altKeysRoundTripThroughTheirBytes() {
        for key in [Key.alt("q"), .alt("\r"), .alt("é"), .paste("Jane\tDoe\nline2")] {
            var parser = KeyParser()
            #expect(parser.feed(key.terminalBytes) + parser.flushPendingEscape() == [key])
        }
    }

    /// Bracketed paste: everything between the markers is one value, however it is split into reads; tabs, line
    /// breaks and `q` are text, not keys.
    @Test func aBracketedPasteIsOneValue() {
        var parser = KeyParser()
        #expect(
            parser.feed(Array("a\u{1B}[200~Jane\tDoe\r\nline2 q\u{1B}[A\u{3}\u{1B}[201~b".utf8)) == [
                .character("a"), .paste("Jane\tDoe\r\nline2 q[A"), .character("b"),
            ])
        // Split anywhere, the end marker too.
        let bytes = Array("\u{1B}[200~x\ty\u{1B}[201~".utf8)
        for cut in 1..<bytes.count {
            var split = KeyParser()
            let keys = split.feed(Array(bytes[..<cut])) + split.feed(Array(bytes[cut...]))
            #expect(keys == [.paste("x\ty")], "cut at \(cut)")
            #expect(!split.hasPendingInput)
        }
        #expect(parser.feed(Array("\u{1B}[200~\u{1B}[201~".utf8)) == [], "an empty paste gives nothing")
    }

    @Test func aPasteWhoseEndNeverComesEndsAtTheFlush() {
        var parser = KeyParser()
        #expect(parser.feed(Array("\u{1B}[200~half a pas".utf8)) == [])
        #expect(parser.isInPaste && parser.hasPendingInput)
        #expect(parser.feed(Array("te\u{1B}[20".utf8)) == [])
        #expect(parser.flushPendingEscape() == [.paste("half a paste[20")])
        #expect(!parser.isInPaste && !parser.hasPendingInput)
        #expect(parser.feed(Array("q".utf8)) == [.character("q")])
        // The fuzzer's find: every byte of the paste already taken when the quiet time comes.
        #expect(parser.feed(Array("\u{1B}[200~half".utf8)) == [])
        #expect(parser.flushPendingEscape() == [.paste("half")])
        #expect(!parser.hasPendingInput)
    }

    @Test func aPastePastTheLimitIsCutThere() {
        var parser = KeyParser()
        let long = String(repeating: "é", count: KeyParser.maximumPasteBytes)  // twice the limit in bytes
        var keys = parser.feed(KeyParser.pasteStart)
        let bytes = Array(long.utf8)
        for start in stride(from: 0, to: bytes.count, by: 4096) {
            keys += parser.feed(Array(bytes[start..<min(start + 4096, bytes.count)]))
        }
        keys += parser.feed(KeyParser.pasteEnd + Array("x".utf8))
        #expect(keys.count == 2)
        guard case .paste(let text) = keys.first else {
            Issue.record("no paste: \(keys)")
            return
        }
        #expect(text.utf8.count == KeyParser.maximumPasteBytes)
        #expect(text == String(repeating: "é", count: KeyParser.maximumPasteBytes / 2))
        #expect(keys.last == .character("x"))
    }

    @Test func dropsUnknownSequences() {
        var parser = KeyParser()
        #expect(
            parser.feed(Array("\u{1B}[99~x\u{1B}[2;3Xy\u{1B}OQz\u{1B}[?1049h".utf8)) == [
                .character("x"), .character("y"), .character("z"),
            ])
        #expect(!parser.hasPendingInput)
    }

    @Test func dropsInvalidUTF8AndC1Controls() {
        var parser = KeyParser()
        #expect(
            parser.feed([0xFF, 0x61, 0xC3, 0x1B, 0x5B, 0x41, 0xC2, 0x85, 0x62]) == [
                .character("a"), .up, .character("b"),
            ])
    }

    @Test func controlCharactersBecomeControlKeys() {
        var parser = KeyParser()
        #expect(parser.feed([0x01, 0x17]) == [.control(0x01), .control(0x17)])
    }

    @Test func combiningMarksJoinTheirBaseCharacter() {
        var parser = KeyParser()
        #expect(parser.feed(Array("e\u{301}x".utf8)) == [.character("e\u{301}"), .character("x")])
    }

    @Test func decodesEscapesOfTheSnapshotInputOption() {
        #expect(KeyParser.decodeEscapes(#"a\r\t\e\n\\"#) == [0x61, 0x0D, 0x09, 0x1B, 0x0A, 0x5C])
        #expect(KeyParser.decodeEscapes(#"\x1b[A\x7F\x41"#) == [0x1B, 0x5B, 0x41, 0x7F, 0x41])
        #expect(KeyParser.decodeEscapes(#"\q\x4\xZZ\"#) == Array(#"\q\x4\xZZ\"#.utf8))
        #expect(KeyParser.decodeEscapes("漢") == Array("漢".utf8))
    }

    @Test func decodedScriptsParseIntoKeys() {
        var parser = KeyParser()
        let keys = parser.feed(KeyParser.decodeEscapes(#"\e[B\e[B\r\e"#)) + parser.flushPendingEscape()
        #expect(keys == [.down, .down, .enter, .escape])
    }
}
