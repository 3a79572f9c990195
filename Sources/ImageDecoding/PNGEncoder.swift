/// The simplest valid PNG of RGBA pixels: 8-bit RGBA, no filter, the rows in stored (uncompressed) deflate blocks.
/// For handing pixels to a terminal that takes image files (iTerm2's inline images); it round-trips through
/// `PNGDecoder`.
public enum PNGEncoder {
    public static func encode(_ image: DecodedImage) -> [UInt8] {
        let rowBytes = image.width * 4
        var raw: [UInt8] = []
        raw.reserveCapacity((rowBytes + 1) * image.height)
        for y in 0..<image.height {
            raw.append(0)
            raw.append(contentsOf: image.pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(raw.count - offset, 65_535)
            let final: UInt8 = offset + length == raw.count ? 1 : 0
            zlib += [final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            zlib.append(contentsOf: raw[offset..<(offset + length)])
            offset += length
        } while offset < raw.count
        zlib += bigEndian(Checksums.adler32(raw))
        var png = PNGDecoder.signature
        png += chunk("IHDR", bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(Checksums.crc32(body[...]))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
