/// A JPEG frame (SOF): the picture's size, its components and their sampling, and each component's quantized
/// DCT coefficients, kept whole so progressive scans can add to them.
struct JPEGFrame {
    struct Component {
        var id: UInt8
        var horizontal: Int
        var vertical: Int
        var quantizationTable: Int
        /// Blocks per row and per column, padded to whole MCUs.
        var blocksPerLine: Int
        var blocksPerColumn: Int
        /// The component's own size in samples, and in blocks (what a scan of it alone covers).
        var sampleWidth: Int
        var sampleHeight: Int
        var coefficients: [Int16]
        /// Predictor of the DC coefficient, reset at each scan and restart.
        var dcPrediction: Int32 = 0

        var scanBlocksPerLine: Int { (sampleWidth + 7) / 8 }
        var scanBlocksPerColumn: Int { (sampleHeight + 7) / 8 }
    }

    var width: Int
    var height: Int
    var progressive: Bool
    var components: [Component]
    var maxHorizontal: Int
    var maxVertical: Int
    var mcusPerLine: Int
    var mcusPerColumn: Int

    private static func malformed(_ detail: String) -> ImageDecodingError { .malformed("JPEG", detail) }

    /// From a SOF segment's bytes; refuses sizes past `limits` before allocating the coefficients.
    init(_ segment: ArraySlice<UInt8>, progressive: Bool, limits: DecodingLimits) throws(ImageDecodingError) {
        let bytes = Array(segment)
        guard bytes.count >= 6 else { throw Self.malformed("its frame header is cut short") }
        guard bytes[0] == 8 else { throw .unsupported("JPEG", "\(bytes[0])-bit samples") }
        height = Int(bytes[1]) << 8 | Int(bytes[2])
        width = Int(bytes[3]) << 8 | Int(bytes[4])
        guard height > 0 else { throw .unsupported("JPEG", "a height given after the first scan (DNL)") }
        try limits.check(width: width, height: height, format: "JPEG")
        let count = Int(bytes[5])
        guard count == 1 || count == 3 || count == 4 else {
            throw .unsupported("JPEG", "\(count) colour components")
        }
        guard bytes.count >= 6 + count * 3 else { throw Self.malformed("its frame header is cut short") }
        self.progressive = progressive
        var parsed: [(id: UInt8, h: Int, v: Int, tq: Int)] = []
        for index in 0..<count {
            let at = 6 + index * 3
            let h = Int(bytes[at + 1] >> 4)
            let v = Int(bytes[at + 1] & 0x0F)
            let tq = Int(bytes[at + 2])
            guard (1...4).contains(h), (1...4).contains(v) else { throw Self.malformed("a component has sampling \(h)×\(v)") }
            guard tq <= 3 else { throw Self.malformed("a component names quantization table \(tq)") }
            guard !parsed.contains(where: { $0.id == bytes[at] }) else { throw Self.malformed("two components have the id \(bytes[at])") }
            parsed.append((bytes[at], h, v, tq))
        }
        maxHorizontal = parsed.map(\.h).max() ?? 1
        maxVertical = parsed.map(\.v).max() ?? 1
        mcusPerLine = (width + 8 * maxHorizontal - 1) / (8 * maxHorizontal)
        mcusPerColumn = (height + 8 * maxVertical - 1) / (8 * maxVertical)
        var components: [Component] = []
        for part in parsed {
            // Sizes are at most 65535 × 4 × 8 per side: far from overflow, but the product is what memory is.
            let blocksPerLine = mcusPerLine * part.h
            let blocksPerColumn = mcusPerColumn * part.v
            let (blocks, overflow) = blocksPerLine.multipliedReportingOverflow(by: blocksPerColumn)
            // Padding to whole MCUs adds at most a few rows and columns of blocks; more than the pixel limit's worth
            // of coefficients per component (plus that padding) is never needed.
            guard !overflow, blocks <= limits.maximumPixels / 64 + blocksPerLine + blocksPerColumn + 64 else {
                throw ImageDecodingError(.tooLarge, "The JPEG image's blocks are past the limit of \(limits.maximumPixels) pixels.")
            }
            components.append(
                Component(
                    id: part.id, horizontal: part.h, vertical: part.v, quantizationTable: part.tq, blocksPerLine: blocksPerLine,
                    blocksPerColumn: blocksPerColumn, sampleWidth: (width * part.h + maxHorizontal - 1) / maxHorizontal,
                    sampleHeight: (height * part.v + maxVertical - 1) / maxVertical,
                    coefficients: [Int16](repeating: 0, count: blocks * 64)))
        }
        self.components = components
    }
}
