/// PNG (ISO/IEC 15948): every colour type and bit depth, Adam7 interlacing, palettes and `tRNS` transparency,
/// to 8-bit RGBA (16-bit samples rounded). Chunk CRCs and the zlib Adler-32 are checked; ancillary chunks other
/// than `tRNS` (gamma, colour profiles, text) are skipped, so colours are taken as sRGB.
enum PNGDecoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private static func malformed(_ detail: String) -> ImageDecodingError { .malformed("PNG", detail) }

    static func decode(_ bytes: [UInt8], limits: DecodingLimits, verifyingChecksums: Bool = true) throws(ImageDecodingError) -> DecodedImage
    {
        try limits.check(byteCount: bytes.count, format: "PNG")
        guard bytes.starts(with: signature) else { throw malformed("it does not start with the PNG signature") }
        let chunks = try readChunks(bytes, limits: limits, verifyingChecksums: verifyingChecksums)
        guard let header = chunks.header else { throw malformed("it has no IHDR chunk") }
        guard !chunks.compressed.isEmpty else { throw malformed("it has no image data (IDAT)") }
        if header.colorType == .palette, chunks.palette.isEmpty { throw malformed("it has a palette colour type but no palette") }
        guard let rawSize = header.rawSize else {
            throw ImageDecodingError(.tooLarge, "The PNG image's rows are too large to hold.")
        }
        let raw: [UInt8]
        do {
            raw = try Inflate.zlib(chunks.compressed, maximumOutput: rawSize, verifyingChecksum: verifyingChecksums)
        } catch {
            throw malformed("its compressed data \(error.reason)")
        }
        guard raw.count == rawSize else {
            throw malformed("its data is cut short: \(raw.count) of \(rawSize) bytes")
        }
        var expander = PNGPixels(header: header, palette: chunks.palette, transparency: chunks.transparency)
        var offset = 0
        for pass in header.passes {
            let rowBytes = header.rowBytes(pass.width)
            let step = max(header.bitsPerPixel / 8, 1)
            var previous = [UInt8](repeating: 0, count: rowBytes)
            var current = [UInt8](repeating: 0, count: rowBytes)
            for row in 0..<pass.height {
                let filter = raw[offset]
                for index in 0..<rowBytes { current[index] = raw[offset + 1 + index] }
                offset += rowBytes + 1
                try PNGFilter.undo(filter, row: &current, previous: previous, step: step)
                expander.write(row: current, y: pass.y + row * pass.dy, x: pass.x, dx: pass.dx, count: pass.width)
                swap(&previous, &current)
            }
        }
        return DecodedImage(width: header.width, height: header.height, pixels: expander.output, format: .png)
    }

    private struct Chunks {
        var header: PNGHeader?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
    }

    private static func readChunks(_ bytes: [UInt8], limits: DecodingLimits, verifyingChecksums: Bool) throws(ImageDecodingError) -> Chunks
    {
        var chunks = Chunks()
        var offset = signature.count
        var idatState = 0  // 0 none yet, 1 in the IDAT run, 2 after it
        while offset < bytes.count {
            guard bytes.count - offset >= 12 else { throw malformed("a chunk is cut short") }
            let length = Int(bigEndian32(bytes, offset))
            let typeStart = offset + 4
            let dataStart = offset + 8
            guard length <= 0x7FFF_FFFF, length <= bytes.count - dataStart - 4 else {
                throw malformed("a chunk says it has \(length) bytes, more than the file has left")
            }
            let dataEnd = dataStart + length
            let type = bytes[typeStart..<dataStart]
            let name = String(decoding: type, as: UTF8.self)
            guard type.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw malformed("a chunk's type is not four letters")
            }
            guard !verifyingChecksums || Checksums.crc32(bytes[typeStart..<dataEnd]) == bigEndian32(bytes, dataEnd) else {
                throw malformed("its \(name) chunk fails its CRC")
            }
            let data = bytes[dataStart..<dataEnd]
            if chunks.header == nil, name != "IHDR" { throw malformed("its first chunk is \(name), not IHDR") }
            if name != "IDAT", idatState == 1 { idatState = 2 }
            switch name {
            case "IHDR":
                guard chunks.header == nil else { throw malformed("it has two IHDR chunks") }
                chunks.header = try PNGHeader(data, limits: limits)
            case "PLTE":
                // The spec puts it before the first IDAT; a late one would recolour pixels already described.
                guard idatState == 0 else { throw malformed("its palette (PLTE) comes after the image data (IDAT)") }
                guard data.count % 3 == 0, data.count / 3 <= 256, !data.isEmpty else {
                    throw malformed("its palette has \(data.count) bytes")
                }
                chunks.palette = Array(data)
            case "tRNS":
                chunks.transparency = Array(data)
            case "IDAT":
                guard idatState != 2 else { throw malformed("its IDAT chunks are not consecutive") }
                idatState = 1
                chunks.compressed.append(contentsOf: data)
            case "IEND":
                return chunks
            default:
                // Bit 5 of the first letter: lower case is ancillary (safe to skip), upper case is critical.
                guard type.first.map({ $0 & 0x20 != 0 }) == true else {
                    throw .unsupported("PNG", "the critical chunk \(name)")
                }
            }
            offset = dataEnd + 4
        }
        return chunks  // no IEND: what came is used, as browsers do
    }
}

/// The five PNG row filters (§9), undone in place.
enum PNGFilter {
    static func undo(_ filter: UInt8, row: inout [UInt8], previous: [UInt8], step: Int) throws(ImageDecodingError) {
        let count = row.count
        switch filter {
        case 0:
            return
        case 1:
            var index = step
            while index < count {
                row[index] = row[index] &+ row[index - step]
                index += 1
            }
        case 2:
            for index in 0..<count { row[index] = row[index] &+ previous[index] }
        case 3:
            for index in 0..<count {
                let left = index >= step ? Int(row[index - step]) : 0
                row[index] = row[index] &+ UInt8((left + Int(previous[index])) >> 1)
            }
        case 4:
            for index in 0..<count {
                let a = index >= step ? Int(row[index - step]) : 0
                let b = Int(previous[index])
                let c = index >= step ? Int(previous[index - step]) : 0
                let p = a + b - c
                let pa = abs(p - a)
                let pb = abs(p - b)
                let pc = abs(p - c)
                let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                row[index] = row[index] &+ UInt8(predictor)
            }
        default:
            throw .malformed("PNG", "a row has the unknown filter type \(filter)")
        }
    }
}
