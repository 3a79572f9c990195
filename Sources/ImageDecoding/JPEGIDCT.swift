import Foundation

/// Dequantization and the inverse DCT (T.81 §A.3.3), as a separable product with a table of cosines, in `Float`:
/// within a few levels of the 8-bit result of libjpeg's exact integer transform (three in the test fixtures).
enum JPEGIDCT {
    /// `table[u * 8 + x]` = C(u)/2 · cos((2x + 1)uπ/16).
    private static let table: [Float] = (0..<64).map { index in
        let u = index / 8
        let x = index % 8
        let scale = u == 0 ? (1.0 / 2.0.squareRoot()) : 1.0
        return Float(scale / 2 * cos(Double(2 * x + 1) * Double(u) * Double.pi / 16))
    }

    /// The component's samples: `blocksPerLine × 8` wide, `blocksPerColumn × 8` tall.
    static func samples(of component: JPEGFrame.Component, quantization: [UInt16]) -> [UInt8] {
        let width = component.blocksPerLine * 8
        let blocks = component.blocksPerLine * component.blocksPerColumn
        var plane = [UInt8](repeating: 0, count: width * component.blocksPerColumn * 8)
        guard component.coefficients.count >= blocks * 64, quantization.count == 64 else { return plane }
        // The bounds are checked once above; the loops below run millions of times for a photo, and a debug build
        // (the fuzzers') would spend most of its time checking them again.
        var coefficients = [Float](repeating: 0, count: 64)
        var rows = [Float](repeating: 0, count: 64)
        component.coefficients.withUnsafeBufferPointer { source in
            quantization.withUnsafeBufferPointer { q in
                table.withUnsafeBufferPointer { t in
                    coefficients.withUnsafeMutableBufferPointer { f in
                        rows.withUnsafeMutableBufferPointer { r in
                            plane.withUnsafeMutableBufferPointer { out in
                                for block in 0..<blocks {
                                    let blockRow = block / component.blocksPerLine
                                    let blockColumn = block % component.blocksPerLine
                                    transform(
                                        source, at: block * 64, q, t, f, r, out,
                                        origin: blockRow * 8 * width + blockColumn * 8, width: width)
                                }
                            }
                        }
                    }
                }
            }
        }
        return plane
    }

    @inline(__always)
    private static func transform(
        _ source: UnsafeBufferPointer<Int16>, at offset: Int, _ q: UnsafeBufferPointer<UInt16>, _ t: UnsafeBufferPointer<Float>,
        _ f: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, _ out: UnsafeMutableBufferPointer<UInt8>,
        origin: Int, width: Int
    ) {
        var onlyDC = true
        for index in 0..<64 {
            let value = source[offset + index]
            if index > 0, value != 0 { onlyDC = false }
            f[index] = Float(Int32(value) * Int32(q[index]))
        }
        if onlyDC {
            let value = clamp(f[0] / 8 + 128)
            for y in 0..<8 {
                for x in 0..<8 { out[origin + y * width + x] = value }
            }
            return
        }
        // Rows: r[v * 8 + x] = Σu F(v, u) · table[u, x]; a row of zeros stays zeros.
        for v in 0..<8 {
            var empty = true
            for u in 0..<8 where f[v * 8 + u] != 0 { empty = false }
            if empty {
                for x in 0..<8 { r[v * 8 + x] = 0 }
                continue
            }
            for x in 0..<8 {
                var sum: Float = 0
                for u in 0..<8 { sum += f[v * 8 + u] * t[u * 8 + x] }
                r[v * 8 + x] = sum
            }
        }
        // Columns: f(y, x) = Σv r[v, x] · table[v, y].
        for y in 0..<8 {
            for x in 0..<8 {
                var sum: Float = 0
                for v in 0..<8 { sum += r[v * 8 + x] * t[v * 8 + y] }
                out[origin + y * width + x] = clamp(sum + 128)
            }
        }
    }

    @inline(__always)
    static func clamp(_ value: Float) -> UInt8 {
        guard value.isFinite else { return 0 }
        let rounded = (value + 0.5).rounded(.down)
        return rounded <= 0 ? 0 : rounded >= 255 ? 255 : UInt8(rounded)
    }
}
