/// JPEG (ITU T.81, JFIF): baseline and extended sequential and progressive Huffman-coded frames of 8-bit samples,
/// greyscale, YCbCr at any sampling (4:4:4, 4:2:2, 4:2:0, 4:1:1 …), RGB and Adobe CMYK/YCCK, with restart markers.
/// Not read: arithmetic coding, lossless and hierarchical frames, 12-bit samples, a height given by DNL. EXIF
/// orientation is not applied (the picture is shown as stored).
enum JPEGDecoder {
    /// A file with more scans than this is refused: each scan walks the whole picture, so their number bounds the work.
    static let maximumScans = 500

    private static func malformed(_ detail: String) -> ImageDecodingError { .malformed("JPEG", detail) }

    static func decode(_ bytes: [UInt8], limits: DecodingLimits) throws(ImageDecodingError) -> DecodedImage {
        try limits.check(byteCount: bytes.count, format: "JPEG")
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw malformed("it does not start with SOI") }
        var state = State()
        var offset = 2
        markers: while true {
            // Fill bytes (FF FF …) may come before a marker; anything else between segments is skipped, as libjpeg does.
            while offset < bytes.count, bytes[offset] != 0xFF { offset += 1 }
            while offset + 1 < bytes.count, bytes[offset + 1] == 0xFF { offset += 1 }
            guard offset + 1 < bytes.count else { break }
            let marker = bytes[offset + 1]
            offset += 2
            switch marker {
            case 0xD9:  // EOI
                state.reachedEnd = true
                break markers
            case 0xD0...0xD7, 0x01, 0x00:  // stray restart marker, TEM, a stuffed zero: no length
                continue
            default:
                break
            }
            guard offset + 2 <= bytes.count else { throw malformed("a segment is cut short") }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard length >= 2, offset + length <= bytes.count else {
                throw malformed("a segment says it has \(length) bytes, more than the file has left")
            }
            let segment = bytes[(offset + 2)..<(offset + length)]
            offset += length
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                guard state.frame == nil else { throw malformed("it has two frame headers") }
                state.frame = try JPEGFrame(segment, progressive: marker == 0xC2, limits: limits)
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                throw .unsupported("JPEG", marker >= 0xC9 ? "arithmetic coding" : "a lossless or hierarchical frame")
            case 0xC4:
                try state.readHuffmanTables(segment)
            case 0xDB:
                try state.readQuantizationTables(segment)
            case 0xDD:
                guard segment.count >= 2 else { throw malformed("its restart interval is cut short") }
                state.restartInterval = Int(segment[segment.startIndex]) << 8 | Int(segment[segment.startIndex + 1])
            case 0xEE:
                // Adobe's APP14: "Adobe", version, two flag words, then the colour transform.
                if segment.count >= 12, Array(segment.prefix(5)) == Array("Adobe".utf8) {
                    state.adobeTransform = segment[segment.startIndex + 11]
                }
            case 0xDA:
                state.scans += 1
                guard state.scans <= maximumScans else { throw .unsupported("JPEG", "more than \(maximumScans) scans") }
                let scan = try state.scan(segment)
                guard var frame = state.frame else { throw malformed("a scan comes before the frame header") }
                state.frame = nil  // moved out while the scan writes to it, so its coefficients are not copied
                offset = try scan.decode(bytes, from: offset, into: &frame)
                state.frame = frame
                state.decodedScans += 1
            default:
                continue  // APPn, COM, DNL and the rest: skipped by their length
            }
        }
        guard let frame = state.frame else { throw malformed("it has no frame header") }
        guard state.decodedScans > 0 else { throw malformed("it has no scan") }
        return try pixels(of: frame, state: state)
    }

    private static func pixels(of frame: JPEGFrame, state: State) throws(ImageDecodingError) -> DecodedImage {
        var planes: [[UInt8]] = []
        for component in frame.components {
            guard let quantization = state.quantizationTables[component.quantizationTable] else {
                throw malformed("a component uses quantization table \(component.quantizationTable), which it does not define")
            }
            let samples = JPEGIDCT.samples(of: component, quantization: quantization)
            planes.append(
                JPEGColor.upsampled(
                    samples, planeWidth: component.blocksPerLine * 8, sampleWidth: component.sampleWidth,
                    sampleHeight: component.sampleHeight, horizontal: component.horizontal, vertical: component.vertical,
                    maxHorizontal: frame.maxHorizontal, maxVertical: frame.maxVertical, width: frame.width, height: frame.height))
        }
        let transform = JPEGColor.transform(componentIDs: frame.components.map(\.id), adobe: state.adobeTransform)
        let rgba = JPEGColor.rgba(planes, transform: transform, count: frame.width * frame.height)
        return DecodedImage(width: frame.width, height: frame.height, pixels: rgba, format: .jpeg, isComplete: state.reachedEnd)
    }

    /// What the segments before and between scans set.
    private struct State {
        var frame: JPEGFrame?
        /// EOI was read: a file without it was cut short (its missing data decoded as zero bits).
        var reachedEnd = false
        /// In natural (row by row) order.
        var quantizationTables: [[UInt16]?] = [nil, nil, nil, nil]
        var dcTables: [JPEGHuffman?] = [nil, nil, nil, nil]
        var acTables: [JPEGHuffman?] = [nil, nil, nil, nil]
        var restartInterval = 0
        var adobeTransform: UInt8?
        var scans = 0
        var decodedScans = 0

        mutating func readQuantizationTables(_ segment: ArraySlice<UInt8>) throws(ImageDecodingError) {
            let bytes = Array(segment)
            var at = 0
            while at < bytes.count {
                let precision = bytes[at] >> 4
                let id = Int(bytes[at] & 0x0F)
                guard precision <= 1, id <= 3 else {
                    throw JPEGDecoder.malformed("a quantization table is numbered \(id) with precision \(precision)")
                }
                let size = precision == 0 ? 64 : 128
                guard at + 1 + size <= bytes.count else { throw JPEGDecoder.malformed("a quantization table is cut short") }
                var table = [UInt16](repeating: 0, count: 64)
                for k in 0..<64 {
                    let value =
                        precision == 0 ? UInt16(bytes[at + 1 + k]) : UInt16(bytes[at + 1 + 2 * k]) << 8 | UInt16(bytes[at + 2 + 2 * k])
                    table[JPEGScan.zigzag[k]] = value
                }
                quantizationTables[id] = table
                at += 1 + size
            }
        }

        mutating func readHuffmanTables(_ segment: ArraySlice<UInt8>) throws(ImageDecodingError) {
            let bytes = Array(segment)
            var at = 0
            while at < bytes.count {
                guard at + 17 <= bytes.count else { throw JPEGDecoder.malformed("a Huffman table is cut short") }
                let tableClass = bytes[at] >> 4
                let id = Int(bytes[at] & 0x0F)
                guard tableClass <= 1, id <= 3 else { throw JPEGDecoder.malformed("a Huffman table is numbered \(tableClass)/\(id)") }
                let counts = (0..<16).map { Int(bytes[at + 1 + $0]) }
                let total = counts.reduce(0, +)
                guard at + 17 + total <= bytes.count else { throw JPEGDecoder.malformed("a Huffman table is cut short") }
                let values = Array(bytes[(at + 17)..<(at + 17 + total)])
                let table: JPEGHuffman
                do { table = try JPEGHuffman(counts: counts, values: values) } catch {
                    throw JPEGDecoder.malformed("a Huffman table has more codes than fit")
                }
                if tableClass == 0 { dcTables[id] = table } else { acTables[id] = table }
                at += 17 + total
            }
        }

        func scan(_ segment: ArraySlice<UInt8>) throws(ImageDecodingError) -> JPEGScan {
            guard let frame else { throw JPEGDecoder.malformed("a scan comes before the frame header") }
            let bytes = Array(segment)
            guard let count = bytes.first.map(Int.init), (1...4).contains(count), bytes.count >= 1 + 2 * count + 3 else {
                throw JPEGDecoder.malformed("a scan header is cut short")
            }
            var members: [JPEGScan.Member] = []
            for index in 0..<count {
                let id = bytes[1 + 2 * index]
                let tables = bytes[2 + 2 * index]
                guard let component = frame.components.firstIndex(where: { $0.id == id }),
                    !members.contains(where: { $0.component == component })
                else { throw JPEGDecoder.malformed("a scan names the component \(id), which the frame does not have") }
                let dc = Int(tables >> 4)
                let ac = Int(tables & 0x0F)
                guard dc <= 3, ac <= 3 else { throw JPEGDecoder.malformed("a scan names Huffman table \(dc)/\(ac)") }
                members.append(JPEGScan.Member(component: component, dcTable: dcTables[dc], acTable: acTables[ac]))
            }
            let at = 1 + 2 * count
            var start = Int(bytes[at])
            var end = Int(bytes[at + 1])
            let high = Int(bytes[at + 2] >> 4)
            let low = Int(bytes[at + 2] & 0x0F)
            if frame.progressive {
                guard start <= end, end <= 63, (start == 0) == (end == 0), high <= 13, low <= 13 else {
                    throw JPEGDecoder.malformed("a progressive scan covers coefficients \(start)–\(end) at bits \(high)/\(low)")
                }
                guard start == 0 || count == 1 else { throw JPEGDecoder.malformed("a progressive AC scan has more than one component") }
            } else {
                // Sequential: every coefficient at once, whatever the header says.
                (start, end) = (0, 63)
            }
            // The blocks of one MCU must be few (T.81 B.2.3: at most 10), or the scan's unit of work is unbounded.
            if count > 1 {
                let blocks = members.reduce(0) { $0 + frame.components[$1.component].horizontal * frame.components[$1.component].vertical }
                guard blocks <= 10 else { throw JPEGDecoder.malformed("an MCU has \(blocks) blocks") }
            }
            return JPEGScan(
                members: members, spectralStart: start, spectralEnd: end, successiveHigh: frame.progressive ? high : 0,
                successiveLow: frame.progressive ? low : 0, restartInterval: restartInterval, sequential: !frame.progressive)
        }
    }
}
