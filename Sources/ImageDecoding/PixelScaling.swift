import Foundation

/// Resizes pictures for a small screen: area averaging when shrinking (each output pixel is the mean of the
/// source area it covers, partial pixels weighted by how much of them it covers) and linear interpolation when
/// growing, both in linear light with premultiplied alpha, so a shrunk photo keeps its brightness and a
/// transparent edge does not darken.
public enum PixelScaling {
    public enum Fit: Sendable, Equatable {
        /// Fills the size, cropping the picture's longer side around its centre (as `scaleAspectFill`).
        case fill
        /// Fills the size, stretching the picture.
        case stretch
    }

    /// The picture scaled to `width × height` (at least 1 × 1). A picture with no pixels gives transparent black.
    public static func scaled(_ image: DecodedImage, width: Int, height: Int, fit: Fit = .fill) -> DecodedImage {
        let width = max(width, 1)
        let height = max(height, 1)
        guard image.width > 0, image.height > 0 else {
            return DecodedImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4), format: .scaled)
        }
        var cropX = 0.0
        var cropY = 0.0
        var cropWidth = Double(image.width)
        var cropHeight = Double(image.height)
        if fit == .fill {
            let target = Double(width) / Double(height)
            if cropWidth / cropHeight > target {
                cropWidth = cropHeight * target
                cropX = (Double(image.width) - cropWidth) / 2
            } else {
                cropHeight = cropWidth / target
                cropY = (Double(image.height) - cropHeight) / 2
            }
        }
        let columns = taps(count: width, start: cropX, length: cropWidth, sourceCount: image.width)
        let rows = taps(count: height, start: cropY, length: cropHeight, sourceCount: image.height)
        let firstRow = rows.map(\.first).min() ?? 0
        let lastRow = rows.map { $0.first + $0.weights.count - 1 }.max() ?? 0
        let toLinear = LinearLight.toLinear
        // Horizontal pass, over the source rows the vertical pass will read: premultiplied linear RGBA.
        let rowCount = lastRow - firstRow + 1
        var horizontal = [Float](repeating: 0, count: rowCount * width * 4)
        image.pixels.withUnsafeBufferPointer { source in
            for y in firstRow...lastRow {
                let rowStart = y * image.width * 4
                let target = (y - firstRow) * width * 4
                for (x, tap) in columns.enumerated() {
                    var r: Float = 0
                    var g: Float = 0
                    var b: Float = 0
                    var a: Float = 0
                    var index = rowStart + tap.first * 4
                    for weight in tap.weights {
                        let alpha = Float(source[index + 3]) * (1 / 255)
                        let w = weight * alpha
                        r += w * toLinear[Int(source[index])]
                        g += w * toLinear[Int(source[index + 1])]
                        b += w * toLinear[Int(source[index + 2])]
                        a += w
                        index += 4
                    }
                    horizontal[target + x * 4] = r
                    horizontal[target + x * 4 + 1] = g
                    horizontal[target + x * 4 + 2] = b
                    horizontal[target + x * 4 + 3] = a
                }
            }
        }
        // Vertical pass, then back to sRGB bytes with straight alpha.
        var output = [UInt8](repeating: 0, count: width * height * 4)
        var sums = [Float](repeating: 0, count: width * 4)
        for (y, tap) in rows.enumerated() {
            for index in sums.indices { sums[index] = 0 }
            for (offset, weight) in tap.weights.enumerated() {
                let row = (tap.first + offset - firstRow) * width * 4
                for index in 0..<(width * 4) { sums[index] += weight * horizontal[row + index] }
            }
            let target = y * width * 4
            for x in 0..<width {
                let alpha = sums[x * 4 + 3]
                guard alpha > 1.0 / 512 else { continue }  // transparent: stays 0, 0, 0, 0
                let scale = 1 / alpha
                output[target + x * 4] = LinearLight.toSRGB(sums[x * 4] * scale)
                output[target + x * 4 + 1] = LinearLight.toSRGB(sums[x * 4 + 1] * scale)
                output[target + x * 4 + 2] = LinearLight.toSRGB(sums[x * 4 + 2] * scale)
                output[target + x * 4 + 3] = UInt8(min(max(alpha * 255 + 0.5, 0), 255))
            }
        }
        return DecodedImage(width: width, height: height, pixels: output, format: .scaled, isComplete: image.isComplete)
    }

    /// For each output pixel along one axis: the first source pixel it reads and the weights (summing to 1).
    static func taps(count: Int, start: Double, length: Double, sourceCount: Int) -> [(first: Int, weights: [Float])] {
        let scale = length / Double(count)
        let last = sourceCount - 1
        return (0..<count).map { index -> (first: Int, weights: [Float]) in
            if scale >= 1 {
                // Shrinking: the area [a, b) of the source this pixel covers.
                let a = start + Double(index) * scale
                let b = a + scale
                let first = min(max(Int(a.rounded(.down)), 0), last)
                let end = min(max(Int(b.rounded(.up)) - 1, first), last)
                var weights = (first...end).map { i in Float(max(min(b, Double(i + 1)) - max(a, Double(i)), 0)) }
                normalize(&weights)
                return (first, weights)
            }
            // Growing: between the two nearest source pixel centres.
            let centre = start + (Double(index) + 0.5) * scale - 0.5
            let base = Int(centre.rounded(.down))
            let fraction = Float(centre - Double(base))
            let first = min(max(base, 0), last)
            let second = min(max(base + 1, 0), last)
            if first == second { return (first, [1]) }
            return (first, [1 - fraction, fraction])
        }
    }

    private static func normalize(_ weights: inout [Float]) {
        let total = weights.reduce(0, +)
        guard total > 0 else {
            weights = [Float](repeating: 1 / Float(max(weights.count, 1)), count: max(weights.count, 1))
            return
        }
        for index in weights.indices { weights[index] /= total }
    }
}

/// sRGB's transfer function both ways, as tables: 256 entries to linear, 16384 back.
public enum LinearLight {
    public static let toLinear: [Float] = (0..<256).map { value in
        let c = Double(value) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    private static let fromLinear: [UInt8] = (0..<16384).map { index in
        let l = Double(index) / 16383
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8(min(max(c * 255 + 0.5, 0), 255))
    }

    /// A linear value (0...1) to an sRGB byte.
    @inline(__always)
    public static func toSRGB(_ linear: Float) -> UInt8 {
        guard linear.isFinite else { return 0 }
        let index = Int(min(max(linear, 0), 1) * 16383 + 0.5)
        return fromLinear[index]
    }
}
