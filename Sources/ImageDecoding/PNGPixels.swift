/// Turns unfiltered PNG rows into 8-bit RGBA: samples unpacked, scaled to 8 bits (16-bit ones rounded), palette
/// entries looked up, and `tRNS` applied (a colour key compared at the file's own depth).
struct PNGPixels {
    let header: PNGHeader
    private let palette: [UInt8]
    /// Alpha by palette index (missing entries are opaque).
    private let paletteAlpha: [UInt8]
    /// The transparent grey or RGB value at the file's depth, for colour types 0 and 2.
    private let colorKey: [Int]?
    private(set) var output: [UInt8]

    init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]?) {
        self.header = header
        self.palette = palette
        var alpha = [UInt8](repeating: 255, count: 256)
        var key: [Int]? = nil
        if let transparency {
            switch header.colorType {
            case .palette:
                for (index, value) in transparency.prefix(256).enumerated() { alpha[index] = value }
            case .grey where transparency.count >= 2:
                key = [Int(transparency[0]) << 8 | Int(transparency[1])]
            case .rgb where transparency.count >= 6:
                key = (0..<3).map { Int(transparency[2 * $0]) << 8 | Int(transparency[2 * $0 + 1]) }
            default:
                break  // tRNS is not allowed with an alpha channel; ignored, as libpng does
            }
        }
        paletteAlpha = alpha
        colorKey = key
        // The header's size passed the pixel limit, so this allocation is bounded.
        output = [UInt8](repeating: 0, count: header.width * header.height * 4)
    }

    /// A 16-bit sample to 8 bits, rounded (v / 257).
    @inline(__always)
    private static func reduce16(_ value: Int) -> UInt8 { UInt8((value * 255 + 32895) >> 16) }

    /// Writes `count` pixels of one unfiltered row at row `y`, from column `x`, every `dx` columns.
    mutating func write(row: [UInt8], y: Int, x: Int, dx: Int, count: Int) {
        let depth = header.bitDepth
        let channels = header.colorType.channels
        var target = (y * header.width + x) * 4
        let stride = dx * 4
        // One sample at the file's depth: packed bits, a byte, or two bytes.
        func sample(_ index: Int) -> Int {
            switch depth {
            case 8: return Int(row[index])
            case 16: return Int(row[2 * index]) << 8 | Int(row[2 * index + 1])
            default:
                let bit = index * depth
                let shift = 8 - depth - bit % 8
                return Int(row[bit / 8] >> UInt8(shift)) & (1 << depth - 1)
            }
        }
        // A sample at the file's depth to 8 bits.
        func to8(_ value: Int) -> UInt8 {
            switch depth {
            case 16: return Self.reduce16(value)
            case 8: return UInt8(value)
            default: return UInt8(value * 255 / (1 << depth - 1))
            }
        }
        for pixel in 0..<count {
            let first = pixel * channels
            switch header.colorType {
            case .grey:
                let grey = sample(first)
                let value = to8(grey)
                output[target] = value
                output[target + 1] = value
                output[target + 2] = value
                output[target + 3] = colorKey?[0] == grey ? 0 : 255
            case .rgb:
                let r = sample(first)
                let g = sample(first + 1)
                let b = sample(first + 2)
                output[target] = to8(r)
                output[target + 1] = to8(g)
                output[target + 2] = to8(b)
                output[target + 3] = colorKey == [r, g, b] ? 0 : 255
            case .palette:
                let index = sample(first)
                // An index past the palette is black, as libpng and browsers draw it.
                if index * 3 + 2 < palette.count {
                    output[target] = palette[index * 3]
                    output[target + 1] = palette[index * 3 + 1]
                    output[target + 2] = palette[index * 3 + 2]
                } else {
                    output[target] = 0
                    output[target + 1] = 0
                    output[target + 2] = 0
                }
                output[target + 3] = paletteAlpha[index & 0xFF]
            case .greyAlpha:
                let value = to8(sample(first))
                output[target] = value
                output[target + 1] = value
                output[target + 2] = value
                output[target + 3] = to8(sample(first + 1))
            case .rgba:
                output[target] = to8(sample(first))
                output[target + 1] = to8(sample(first + 1))
                output[target + 2] = to8(sample(first + 2))
                output[target + 3] = to8(sample(first + 3))
            }
            target += stride
        }
    }
}
