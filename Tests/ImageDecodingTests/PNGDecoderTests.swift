import Foundation
import Testing

@testable import ImageDecoding

@Suite("PNG decoding")
struct PNGDecoderTests {
    static let names = (try? Fixtures.names(in: "png", withExtension: "png")) ?? []

    @Test("every colour type and bit depth, plain and Adam7, with tRNS: exactly the encoded pixels", arguments: names)
    func matchesReference(_ name: String) throws {
        let image = try ImageDecoder.decode(try Fixtures.bytes("png/\(name)"))
        let reference = try Fixtures.reference("png/\(name.dropLast(4)).pam")
        #expect(image.format == .png)
        #expect(image.width == reference.width && image.height == reference.height)
        #expect(image.pixels == reference.rgba, "\(name) differs: \(Fixtures.difference(image, reference))")
    }

    @Test("the fixtures cover all fifteen colour type and depth pairs, each interlaced too")
    func coverage() {
        for (type, depths) in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])] {
            for depth in depths {
                #expect(Self.names.contains("type\(type)-\(depth)bit.png"))
                #expect(Self.names.contains("type\(type)-\(depth)bit-adam7.png"))
            }
        }
        #expect(Self.names.count >= 40)
    }

    @Test("a header past the pixel limit is refused before anything is allocated")
    func pixelLimit() throws {
        let png = PNGBuilder.png(width: 100_000, height: 100_000, colorType: 6, idat: [])
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(png) }
        do {
            _ = try ImageDecoder.decode(png)
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.message == "The PNG image is 100000×100000 pixels, past the limit of 16777216 pixels.")
        }
        // Just within a small limit, just past it.
        let small = try Fixtures.bytes("png/type2-8bit.png")
        #expect(throws: Never.self) { try ImageDecoder.decode(small, limits: DecodingLimits(maximumPixels: 13 * 11)) }
        #expect(throws: ImageDecodingError(.tooLarge, "The PNG image is 13×11 pixels, past the limit of 142 pixels.")) {
            try ImageDecoder.decode(small, limits: DecodingLimits(maximumPixels: 13 * 11 - 1))
        }
    }

    @Test("a file past the byte limit is refused")
    func byteLimit() throws {
        let small = try Fixtures.bytes("png/type2-8bit.png")
        #expect(throws: ImageDecodingError(.tooLarge, "The PNG file has \(small.count) bytes, past the limit of 100.")) {
            try ImageDecoder.decode(small, limits: DecodingLimits(maximumBytes: 100))
        }
    }

    @Test("a damaged chunk fails its CRC; damaged data fails its Adler-32")
    func checksums() throws {
        var bytes = try Fixtures.bytes("png/type6-8bit.png")
        // The IHDR's width, inside the CRC.
        bytes[19] ^= 0x01
        #expect(throws: ImageDecodingError.malformed("PNG", "its IHDR chunk fails its CRC")) { try ImageDecoder.decode(bytes) }

        // A stored (uncompressed) zlib stream with one data byte changed and the chunk's CRC made right again.
        let raw = Array([[UInt8]](repeating: [0, 7, 7, 7, 7], count: 3).joined())  // 3 rows of 1 RGBA pixel, filter 0
        var stored: [UInt8] = [0x78, 0x01, 0x01, UInt8(raw.count), 0x00, ~UInt8(raw.count), 0xFF] + raw
        let adler = PNGBuilder.adler32(raw)
        stored += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        #expect(throws: Never.self) { try ImageDecoder.decode(PNGBuilder.png(width: 1, height: 3, colorType: 6, idat: stored)) }
        stored[10] ^= 0x10
        #expect(throws: ImageDecodingError.malformed("PNG", "its compressed data fails its Adler-32 checksum")) {
            try ImageDecoder.decode(PNGBuilder.png(width: 1, height: 3, colorType: 6, idat: stored))
        }
    }

    @Test("cut short anywhere: an error, never a trap or a picture made up")
    func truncated() throws {
        let bytes = try Fixtures.bytes("png/type3-4bit-trns.png")
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            let result = Result { () throws(ImageDecodingError) in try ImageDecoder.decode(prefix) }
            if case .success = result {
                // Only the IEND chunk (12 bytes) may be missing: browsers draw such a file too.
                #expect(length >= bytes.count - 12, "a picture from \(length) of \(bytes.count) bytes")
            }
        }
    }

    @Test("an unknown critical chunk is refused; an unknown ancillary one is skipped")
    func unknownChunks() throws {
        let base = PNGBuilder.png(width: 1, height: 1, colorType: 0, idat: PNGBuilder.storedZlib([0, 200]))
        #expect(throws: Never.self) { try ImageDecoder.decode(base) }
        let critical = PNGBuilder.insert(PNGBuilder.chunk("ABCD", [1, 2, 3]), into: base)
        #expect(throws: ImageDecodingError.unsupported("PNG", "the critical chunk ABCD")) { try ImageDecoder.decode(critical) }
        let ancillary = PNGBuilder.insert(PNGBuilder.chunk("abCD", [1, 2, 3]), into: base)
        #expect(try ImageDecoder.decode(ancillary).pixels == [200, 200, 200, 255])
    }

    @Test("a bad filter type, a bad colour type and depth, a palette image without a palette")
    func malformedHeaders() throws {
        #expect(throws: ImageDecodingError.malformed("PNG", "a row has the unknown filter type 9")) {
            try ImageDecoder.decode(PNGBuilder.png(width: 1, height: 1, colorType: 0, idat: PNGBuilder.storedZlib([9, 0])))
        }
        #expect(throws: ImageDecodingError.malformed("PNG", "colour type 2 cannot have 4-bit samples")) {
            try ImageDecoder.decode(PNGBuilder.png(width: 1, height: 1, colorType: 2, depth: 4, idat: PNGBuilder.storedZlib([0, 0])))
        }
        #expect(throws: ImageDecodingError.malformed("PNG", "it has a palette colour type but no palette")) {
            try ImageDecoder.decode(PNGBuilder.png(width: 1, height: 1, colorType: 3, idat: PNGBuilder.storedZlib([0, 0])))
        }
        #expect(throws: ImageDecodingError.malformed("PNG", "its data is cut short: 2 of 4 bytes")) {
            try ImageDecoder.decode(PNGBuilder.png(width: 1, height: 2, colorType: 0, idat: PNGBuilder.storedZlib([0, 0])))
        }
    }

    /// Pillow decodes such a file all black and pypng refuses it; the decoder applied the late palette.
    @Test("a palette after the image data is refused; before it, it colours the pixels")
    func paletteAfterImageData() throws {
        let base = PNGBuilder.png(width: 1, height: 1, colorType: 3, idat: PNGBuilder.storedZlib([0, 0]))
        let palette = PNGBuilder.chunk("PLTE", [20, 235, 140])
        #expect(try ImageDecoder.decode(PNGBuilder.insert(palette, into: base)).pixels == [20, 235, 140, 255])
        let idatEnd = base.count - 12  // before IEND
        let late = Array(base[..<idatEnd]) + palette + Array(base[idatEnd...])
        #expect(throws: ImageDecodingError.malformed("PNG", "its palette (PLTE) comes after the image data (IDAT)")) {
            try ImageDecoder.decode(late)
        }
    }

    @Test("neither PNG nor JPEG")
    func unknownFormat() {
        #expect(throws: ImageDecodingError(.unknownFormat, "The file is neither a PNG nor a JPEG image.")) {
            try ImageDecoder.decode(Array("GIF89a".utf8))
        }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode([]) }
    }
}

/// Small PNG files built by hand, for the cases no encoder writes.
enum PNGBuilder {
    static func crc32(_ bytes: [UInt8]) -> UInt32 { Checksums.crc32(bytes[...]) }
    static func adler32(_ bytes: [UInt8]) -> UInt32 { Checksums.adler32(bytes) }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = crc32(body)
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func png(width: UInt32, height: UInt32, colorType: UInt8, depth: UInt8 = 8, idat: [UInt8]) -> [UInt8] {
        var bytes = PNGDecoder.signature
        bytes += chunk("IHDR", bigEndian(width) + bigEndian(height) + [depth, colorType, 0, 0, 0])
        bytes += chunk("IDAT", idat)
        bytes += chunk("IEND", [])
        return bytes
    }

    /// `raw` as one stored deflate block in a zlib stream.
    static func storedZlib(_ raw: [UInt8]) -> [UInt8] {
        let length = UInt16(raw.count)
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + raw
            + bigEndian(adler32(raw))
    }

    /// `chunk` placed right after the IHDR.
    static func insert(_ chunk: [UInt8], into png: [UInt8]) -> [UInt8] {
        Array(png[..<33]) + chunk + Array(png[33...])
    }
}
