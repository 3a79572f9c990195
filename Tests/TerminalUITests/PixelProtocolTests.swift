import Foundation
import ImageDecoding
import Testing

@testable import TerminalUI

@Suite("Pixel protocols: kitty graphics and iTerm2 inline images")
struct PixelProtocolTests {
    /// A 4 × 2-cell picture with fine pixels of 2 × 4 a cell (8 × 8), each pixel's red its x and green its y.
    static let picture: Picture = {
        var fine: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<8 { fine += [UInt8(x * 30), UInt8(y * 30), 100, 255] }
        }
        return Picture(
            key: "car", cells: Size(width: 4, height: 2),
            pixels: DecodedImage(width: 4, height: 4, pixels: [UInt8](repeating: 128, count: 64), format: .scaled),
            fine: DecodedImage(width: 8, height: 8, pixels: fine, format: .scaled))
    }()

    static func frame(at origin: Point, size: Size = Size(width: 10, height: 6)) -> Frame {
        var frame = Frame(size: size)
        frame.drawPicture(picture, at: origin, background: .rgb(0, 0, 0))
        return frame
    }

    static func output(_ writer: inout PixelProtocolWriter, from shown: [PicturePlacement]?, to next: Frame) -> String {
        var buffer = ANSIBuffer()
        writer.append(from: shown, to: next.placements, into: &buffer)
        return buffer.string
    }

    @Test("a picture with fine pixels is placed where it is drawn; one without (half blocks) is not")
    func placements() {
        let frame = Self.frame(at: Point(x: 1, y: 2))
        #expect(
            frame.placements == [
                PicturePlacement(picture: Self.picture, origin: Point(x: 1, y: 2), visible: Rect(x: 1, y: 2, width: 4, height: 2))
            ])
        #expect(frame[1, 2].grapheme == "▀", "the half blocks stay beneath")
        var plain = Frame(size: Size(width: 10, height: 6))
        plain.drawPicture(PictureDrawingTests.picture, at: Point(x: 0, y: 0), background: .rgb(0, 0, 0))
        #expect(plain.placements.isEmpty)
    }

    @Test("drawing a frame into another moves its placements and clips them to what shows")
    func clipping() {
        var list = Frame(size: Size(width: 10, height: 3))
        list.drawPicture(Self.picture, at: Point(x: 0, y: -1), background: .rgb(0, 0, 0))
        #expect(list.placements.first?.visible == Rect(x: 0, y: 0, width: 4, height: 1), "scrolled half out of the list")
        var screen = Frame(size: Size(width: 12, height: 8))
        screen.draw(list, at: Point(x: 9, y: 4))
        #expect(
            screen.placements == [
                PicturePlacement(picture: Self.picture, origin: Point(x: 9, y: 3), visible: Rect(x: 9, y: 4, width: 3, height: 1))
            ])
        screen.draw(list, at: Point(x: 20, y: 0))
        #expect(screen.placements.count == 1, "nothing of it on screen: not placed")
    }

    @Test("kitty: transmitted once as RGBA under an id, placed cut to its visible cells, no replies asked for")
    func kitty() throws {
        var writer = PixelProtocolWriter(kind: .kitty)
        let id = PixelProtocolWriter.id(of: Self.picture)
        let first = Self.output(&writer, from: nil, to: Self.frame(at: Point(x: 1, y: 2)))
        let pixels = try #require(Self.picture.fine).pixels
        #expect(first.hasPrefix("\u{1B}_Ga=d,d=a,q=2\u{1B}\\"), "a frame after a full redraw takes down what may be up")
        #expect(first.contains("\u{1B}_Ga=t,f=32,s=8,v=8,i=\(id),q=2,m=0;\(Data(pixels).base64EncodedString())\u{1B}\\"))
        #expect(first.hasSuffix("\u{1B}[3;2H\u{1B}_Ga=p,i=\(id),x=0,y=0,w=8,h=8,c=4,r=2,C=1,q=2\u{1B}\\"))
        #expect(!first.contains("q=0") && !first.contains("q=1"))

        let frame = Self.frame(at: Point(x: 1, y: 2))
        #expect(Self.output(&writer, from: frame.placements, to: frame) == "", "nothing changed: nothing sent")

        // Scrolled: half of it above the top edge; taken down and put up again, not sent again.
        var scrolled = Frame(size: Size(width: 10, height: 6))
        scrolled.drawPicture(Self.picture, at: Point(x: 1, y: -1), background: .rgb(0, 0, 0))
        let moved = Self.output(&writer, from: frame.placements, to: scrolled)
        #expect(moved == "\u{1B}_Ga=d,d=a,q=2\u{1B}\\\u{1B}[1;2H\u{1B}_Ga=p,i=\(id),x=0,y=4,w=8,h=4,c=4,r=1,C=1,q=2\u{1B}\\")
        #expect(writer.leave() == "\u{1B}_Ga=d,d=A,q=2\u{1B}\\", "leaving frees the pictures")
        #expect(writer.leave() == "")
    }

    @Test("kitty: a large picture goes in chunks of 4096 base64 characters")
    func chunks() {
        let big = Picture(
            key: "big", cells: Size(width: 10, height: 5),
            pixels: DecodedImage(width: 10, height: 10, pixels: [UInt8](repeating: 1, count: 400), format: .scaled),
            fine: DecodedImage(width: 100, height: 50, pixels: [UInt8](repeating: 7, count: 100 * 50 * 4), format: .scaled))
        var frame = Frame(size: Size(width: 20, height: 10))
        frame.drawPicture(big, at: Point(x: 0, y: 0), background: .rgb(0, 0, 0))
        var writer = PixelProtocolWriter(kind: .kitty)
        let output = Self.output(&writer, from: [], to: frame)
        // 20,000 bytes are 26,668 base64 characters: six full chunks and a seventh.
        #expect(output.components(separatedBy: "m=1").count - 1 == 6)
        #expect(output.components(separatedBy: "m=0").count - 1 == 1)
    }

    @Test("iTerm2: the visible part as a PNG over its cells; a change redraws the cells first")
    func iTerm2() throws {
        var writer = PixelProtocolWriter(kind: .iTerm2)
        var frame = Frame(size: Size(width: 10, height: 6))
        frame.drawPicture(Self.picture, at: Point(x: 1, y: -1), background: .rgb(0, 0, 0))
        let output = Self.output(&writer, from: nil, to: frame)
        #expect(output.hasPrefix("\u{1B}[1;2H\u{1B}]1337;File=inline=1;size="))
        #expect(output.contains(";width=4;height=1;preserveAspectRatio=0;doNotMoveCursor=1:"))
        let base64 = try #require(output.split(separator: ":").last?.dropLast())
        let png = try ImageDecoder.decode(try #require(Data(base64Encoded: String(base64))))
        // The lower half of the fine pixels: rows 4–7.
        #expect(png.width == 8 && png.height == 4)
        #expect(png.pixel(x: 3, y: 0) == (90, 120, 100, 255))
        #expect(writer.needsFullRedraw(from: frame.placements, to: Self.frame(at: Point(x: 0, y: 0)).placements))
        #expect(!writer.needsFullRedraw(from: frame.placements, to: frame.placements))
        #expect(!PixelProtocolWriter(kind: .kitty).needsFullRedraw(from: frame.placements, to: []))
    }

    @Test("PNGEncoder round-trips through the decoder")
    func pngRoundTrip() throws {
        var pixels: [UInt8] = []
        for index in 0..<(300 * 250) { pixels += [UInt8(index % 256), UInt8(index / 256 % 256), 7, UInt8(index % 3 * 100)] }
        let image = DecodedImage(width: 300, height: 250, pixels: pixels, format: .scaled)
        let decoded = try ImageDecoder.decode(PNGEncoder.encode(image))
        #expect(decoded.pixels == image.pixels && decoded.width == 300)
    }
}

@Suite(.serialized, .timeLimit(.minutes(1)))
struct LivePixelProtocolTests {
    @Test("the live terminal in kitty mode sends the placements after the cells, and frees the pictures on leaving")
    func live() throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 10, height: 6)))
        let terminal = try LiveTerminal(colorMode: .trueColor, input: pty.device, output: pty.device, stopProcess: {}, pictures: .kitty)
        try terminal.start()
        _ = pty.read(until: "\u{1B}[2J")
        terminal.draw(PixelProtocolTests.frame(at: Point(x: 1, y: 2)))
        let drawn = pty.read(until: "C=1,q=2\u{1B}\\")
        #expect(drawn.contains("▀") && drawn.contains("\u{1B}_Ga=t,f=32,s=8,v=8"))
        terminal.stop()
        let left = pty.read(until: "\u{1B}[?1049l")
        #expect(left.contains("\u{1B}_Ga=d,d=A,q=2\u{1B}\\"))
    }
}
