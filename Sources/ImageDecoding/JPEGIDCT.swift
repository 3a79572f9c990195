import Foundation

/// Dequantization and the inverse DCT (T.81 §A.3.3), as a separable product with a table of cosines, in `Float`:
/// accurate to a level of the 8-bit result against libjpeg's exact integer transform.
enum JPEGIDCT {
    /// `table[u * 8 + x]` = C(u)/2 · cos((2x + 1)uπ/16).
    private static let table: [Float] = (0..<64).map { index in
        let u = index / 8, x = index % 8
        let scale = u == 0 ? (1.0 / 2.0.squareRoot()) : 1.0
        return Float(scale / 2 * cos(Double(2 * x + 1) * Double(u) * Double.pi / 16))
    }

    /// The component's samples: `blocksPerLine × 8` wide, `blocksPerColumn × 8` tall.
    static func samples(of component: JPEGFrame.Component, quantization: [UInt16]) -> [UInt8] {
        let width = component.blocksPerLine * 8
        var plane = [UInt8](repeating: 0, count: width * component.blocksPerColumn * 8)
        var coefficients = [Float](repeating: 0, count: 64)
        var rows = [Float](repeating: 0, count: 64)
        for blockRow in 0..<component.blocksPerColumn {
            for blockColumn in 0..<component.blocksPerLine {
                let offset = (blockRow * component.blocksPerLine + blockColumn) * 64
                var onlyDC = true
                for index in 0..<64 {
                    let value = component.coefficients[offset + index]
                    if index > 0, value != 0 { onlyDC = false }
                    coefficients[index] = Float(Int32(value) * Int32(quantization[index]))
                }
                let origin = blockRow * 8 * width + blockColumn * 8
                if onlyDC {
                    let value = clamp(coefficients[0] / 8 + 128)
                    for y in 0..<8 {
                        for x in 0..<8 { plane[origin + y * width + x] = value }
                    }
                    continue
                }
                // Rows: rows[v * 8 + x] = Σu F(v, u) · table[u, x].
                for v in 0..<8 {
                    for x in 0..<8 {
                        var sum: Float = 0
                        for u in 0..<8 { sum += coefficients[v * 8 + u] * table[u * 8 + x] }
                        rows[v * 8 + x] = sum
                    }
                }
                // Columns: f(y, x) = Σv rows[v, x] · table[v, y].
                for y in 0..<8 {
                    for x in 0..<8 {
                        var sum: Float = 0
                        for v in 0..<8 { sum += rows[v * 8 + x] * table[v * 8 + y] }
                        plane[origin + y * width + x] = clamp(sum + 128)
                    }
                }
            }
        }
        return plane
    }

    @inline(__always)
    static func clamp(_ value: Float) -> UInt8 {
        guard value.isFinite else { return 0 }
        let rounded = (value + 0.5).rounded(.down)
        return rounded <= 0 ? 0 : rounded >= 255 ? 255 : UInt8(rounded)
    }
}
