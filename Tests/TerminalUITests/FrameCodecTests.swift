import Testing

@testable import TerminalUI

@Suite struct FrameCodecTests {
    /// Every kind of cell: plain and styled text, RGB and ANSI colours, every flag, a wide grapheme with its
    /// continuation, an emoji with a modifier, and long blank runs.
    static func sampleFrame() -> Frame {
        var frame = Frame(size: Size(width: 30, height: 6))
        frame.put("Hello, plugin", at: Point(x: 1, y: 0), style: Style(foreground: .rgb(255, 128, 0), bold: true))
        frame.put("界面 👋🏽 ok", at: Point(x: 2, y: 2), style: Style(background: .blue, italic: true, underline: true))
        frame.put(
            "dim reverse", at: Point(x: 0, y: 4), style: Style(foreground: .gray, background: .rgb(1, 2, 3), dim: true, reverse: true))
        frame.fill(Rect(x: 20, y: 3, width: 10, height: 3), with: "░", style: Style(foreground: .ansi(.brightMagenta)))
        frame.drawButton("Wave", at: Point(x: 14, y: 5), focused: true)
        return frame
    }

    @Test func aFrameRoundTripsExactly() throws {
        let frame = Self.sampleFrame()
        let bytes = FrameCodec.encode(frame)
        #expect(try FrameCodec.decode(bytes) == frame)
        #expect(frame.cells.contains { $0.isContinuation }, "the sample has a wide grapheme")
    }

    @Test func emptyAndBlankFramesRoundTrip() throws {
        for size in [Size(width: 0, height: 0), Size(width: 80, height: 24), Size(width: 1, height: 1)] {
            let frame = Frame(size: size)
            #expect(try FrameCodec.decode(FrameCodec.encode(frame)) == frame)
        }
    }

    @Test func blankRunsAreCompact() {
        // 1,920 blank cells are one repeated run: the header, one style and one run of a few bytes.
        #expect(FrameCodec.encode(Frame(size: Size(width: 80, height: 24))).count < 20)
        #expect(FrameCodec.encode(Self.sampleFrame()).count < 300)
    }

    @Test func everyTruncationIsAnErrorNotATrap() {
        let bytes = FrameCodec.encode(Self.sampleFrame())
        for length in 0..<bytes.count {
            #expect(throws: FrameCodec.DecodingError.self) { try FrameCodec.decode(Array(bytes.prefix(length))) }
        }
    }

    @Test func corruptBytesAreClearErrors() {
        #expect(throws: FrameCodec.DecodingError("not a frame: the bytes do not start with FHF1.")) {
            try FrameCodec.decode(Array("JUNK".utf8))
        }
        // 4,000,001 cells: refused before allocating.
        let huge: [UInt8] = Array("FHF1".utf8) + [0x81, 0x92, 0xF4, 0x01, 0x01, 0x00]
        #expect(throws: FrameCodec.DecodingError("the frame size 4000001×1 is larger than 4000000 cells.")) {
            try FrameCodec.decode(huge)
        }
        // A 1×1 frame whose run names style 3 of 1.
        let badStyle: [UInt8] = Array("FHF1".utf8) + [1, 1, 1, 0, 0b10, 3, 1, 0x41]
        #expect(throws: FrameCodec.DecodingError("style 3 of 1.")) { try FrameCodec.decode(badStyle) }
        // An ANSI index past the sixteen colours.
        let badColor: [UInt8] = Array("FHF1".utf8) + [1, 1, 1, 1 << 5, 1, 16]
        #expect(throws: FrameCodec.DecodingError("unknown ANSI colour 16.")) { try FrameCodec.decode(badColor) }
        // Invalid UTF-8 in a grapheme.
        let badText: [UInt8] = Array("FHF1".utf8) + [1, 1, 1, 0, 0b10, 0, 1, 0xFF]
        #expect(throws: FrameCodec.DecodingError("a grapheme at byte 11 is not UTF-8.")) { try FrameCodec.decode(badText) }
        // Bytes after the last cell.
        let trailing = FrameCodec.encode(Frame(size: Size(width: 1, height: 1))) + [0]
        #expect(throws: FrameCodec.DecodingError("1 bytes after the last cell.")) { try FrameCodec.decode(trailing) }
    }
}

@Suite struct KeyTerminalBytesTests {
    static let keys: [Key] = [
        .character("a"), .character("Q"), .character("é"), .character("界"), .character("👋🏽"), .character(" "),
        .enter, .tab, .backTab, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .escape, .backspace,
        .delete, .ctrlC, .focusIn, .focusOut, .control(0x1A), .control(0x01),
    ]

    @Test(arguments: keys) func everyKeyParsesBackToItself(_ key: Key) {
        var parser = KeyParser()
        #expect(parser.feed(key.terminalBytes) + parser.flushPendingEscape() == [key])
    }
}
