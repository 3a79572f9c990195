/// A PNG's IHDR chunk, checked: a size within the limits and one of the colour type and bit depth pairs the
/// format allows.
struct PNGHeader: Equatable {
    enum ColorType: UInt8 {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        var allowedDepths: [Int] {
            switch self {
            case .grey: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: [8, 16]
            }
        }
    }

    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: ColorType
    var interlaced: Bool

    init(_ data: ArraySlice<UInt8>, limits: DecodingLimits) throws(ImageDecodingError) {
        guard data.count == 13 else { throw .malformed("PNG", "its IHDR chunk has \(data.count) bytes instead of 13") }
        let bytes = Array(data)
        width = Int(PNGDecoder.bigEndian32(bytes, 0))
        height = Int(PNGDecoder.bigEndian32(bytes, 4))
        guard width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw .malformed("PNG", "its IHDR gives a size past 2³¹ − 1")
        }
        try limits.check(width: width, height: height, format: "PNG")
        bitDepth = Int(bytes[8])
        guard let type = ColorType(rawValue: bytes[9]) else {
            throw .malformed("PNG", "its colour type \(bytes[9]) does not exist")
        }
        colorType = type
        guard type.allowedDepths.contains(bitDepth) else {
            throw .malformed("PNG", "colour type \(type.rawValue) cannot have \(bitDepth)-bit samples")
        }
        guard bytes[10] == 0 else { throw .malformed("PNG", "its compression method \(bytes[10]) does not exist") }
        guard bytes[11] == 0 else { throw .malformed("PNG", "its filter method \(bytes[11]) does not exist") }
        guard bytes[12] <= 1 else { throw .malformed("PNG", "its interlace method \(bytes[12]) does not exist") }
        interlaced = bytes[12] == 1
    }

    var bitsPerPixel: Int { colorType.channels * bitDepth }

    /// Bytes of one row of `pixels` pixels, without its filter byte.
    func rowBytes(_ pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }

    /// Adam7's seven passes: where each starts and how far apart its pixels are.
    static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// The sub-images the data holds, in order: the whole picture, or Adam7's passes (an empty pass has none).
    var passes: [(x: Int, y: Int, dx: Int, dy: Int, width: Int, height: Int)] {
        guard interlaced else { return [(0, 0, 1, 1, width, height)] }
        return Self.adam7.compactMap { pass in
            let w = width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0
            let h = height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
            return w > 0 && h > 0 ? (pass.x, pass.y, pass.dx, pass.dy, w, h) : nil
        }
    }

    /// The inflated data's exact size: each pass's rows, each with its filter byte. The pixel limit keeps it
    /// far from overflowing; checked all the same.
    var rawSize: Int? {
        var total = 0
        for pass in passes {
            let (rowWithFilter, o1) = rowBytes(pass.width).addingReportingOverflow(1)
            let (size, o2) = rowWithFilter.multipliedReportingOverflow(by: pass.height)
            let (sum, o3) = total.addingReportingOverflow(size)
            guard !o1, !o2, !o3 else { return nil }
            total = sum
        }
        return total
    }
}
