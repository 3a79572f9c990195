/// From component planes to RGBA: each component brought to the picture's size (subsampled ones by linear
/// interpolation between sample centres, which for 2× is libjpeg's "fancy" upsampling), then the colour
/// transform: grey, YCbCr (JFIF), RGB, and Adobe's CMYK and YCCK.
enum JPEGColor {
    enum Transform: Equatable {
        case grey
        case yCbCr
        case rgb
        case cmyk
        case yCCK
    }

    /// The transform for a frame's components: Adobe's APP14 flag when there is one, otherwise JFIF's rules
    /// (three components are YCbCr unless their ids spell R, G, B).
    static func transform(componentIDs: [UInt8], adobe: UInt8?) -> Transform {
        switch componentIDs.count {
        case 1: return .grey
        case 3:
            if let adobe { return adobe == 0 ? .rgb : .yCbCr }
            return componentIDs == [82, 71, 66] ? .rgb : .yCbCr
        default:
            return adobe == 2 ? .yCCK : .cmyk
        }
    }

    /// One component at full size: `width × height` samples.
    static func upsampled(
        _ plane: [UInt8], planeWidth: Int, sampleWidth: Int, sampleHeight: Int, horizontal: Int, vertical: Int, maxHorizontal: Int,
        maxVertical: Int, width: Int, height: Int
    ) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: width * height)
        if horizontal == maxHorizontal, vertical == maxVertical {
            for y in 0..<height {
                for x in 0..<width { result[y * width + x] = plane[y * planeWidth + x] }
            }
            return result
        }
        let ratioX = maxHorizontal / horizontal
        let ratioY = maxVertical / vertical
        // Interpolation where libjpeg does it (twice the samples in either direction, or both); other ratios (4:1:1,
        // or sampling factors that do not divide) repeat each sample, as libjpeg does.
        guard [1, 2].contains(ratioX), [1, 2].contains(ratioY), ratioX * horizontal == maxHorizontal,
            ratioY * vertical == maxVertical
        else {
            for y in 0..<height {
                let row = min(y * vertical / maxVertical, lastSampleRow(sampleHeight)) * planeWidth
                for x in 0..<width { result[y * width + x] = plane[row + min(x * horizontal / maxHorizontal, max(sampleWidth - 1, 0))] }
            }
            return result
        }
        let lastX = max(sampleWidth - 1, 0)
        let lastY = max(sampleHeight - 1, 0)
        let scaleX = Double(horizontal) / Double(maxHorizontal)
        let scaleY = Double(vertical) / Double(maxVertical)
        // Where each output column falls between two samples, computed once; weights in 256ths.
        var left = [Int](repeating: 0, count: width)
        var right = [Int](repeating: 0, count: width)
        var weight = [Int](repeating: 0, count: width)
        for x in 0..<width {
            let position = max((Double(x) + 0.5) * scaleX - 0.5, 0)
            let base = min(Int(position), lastX)
            left[x] = base
            right[x] = min(base + 1, lastX)
            weight[x] = Int(((position - Double(base)) * 256).rounded())
        }
        guard plane.count >= (lastY + 1) * planeWidth, lastX < planeWidth else { return result }
        // Checked above: the per-pixel loop reads through pointers.
        plane.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let position = max((Double(y) + 0.5) * scaleY - 0.5, 0)
                    let top = min(Int(position), lastY)
                    let bottom = min(top + 1, lastY)
                    let fy = Int(((position - Double(top)) * 256).rounded())
                    let topRow = top * planeWidth
                    let bottomRow = bottom * planeWidth
                    for x in 0..<width {
                        let fx = weight[x]
                        let a = Int(source[topRow + left[x]]) * (256 - fx) + Int(source[topRow + right[x]]) * fx
                        let b = Int(source[bottomRow + left[x]]) * (256 - fx) + Int(source[bottomRow + right[x]]) * fx
                        out[y * width + x] = UInt8(min((a * (256 - fy) + b * fy + 32768) >> 16, 255))
                    }
                }
            }
        }
        return result
    }

    private static func lastSampleRow(_ sampleHeight: Int) -> Int { max(sampleHeight - 1, 0) }

    /// RGBA from full-size component samples (each plane `count` long).
    static func rgba(_ planes: [[UInt8]], transform: Transform, count: Int) -> [UInt8] {
        var output = [UInt8](repeating: 255, count: count * 4)
        let needed = transform == .grey ? 1 : (transform == .cmyk || transform == .yCCK ? 4 : 3)
        guard planes.count >= needed, planes.prefix(needed).allSatisfy({ $0.count >= count }) else { return output }
        // Checked once above: the per-pixel loop reads through pointers.
        output.withUnsafeMutableBufferPointer { out in
            let p0 = planes[0]
            let p1 = planes[needed > 1 ? 1 : 0]
            let p2 = planes[needed > 2 ? 2 : 0]
            let p3 = planes[needed > 3 ? 3 : 0]
            p0.withUnsafeBufferPointer { a in
                p1.withUnsafeBufferPointer { b in
                    p2.withUnsafeBufferPointer { c in
                        p3.withUnsafeBufferPointer { d in
                            for index in 0..<count {
                                let target = index * 4
                                let (r, g, bl) = pixel(a[index], b[index], c[index], d[index], transform)
                                out[target] = r
                                out[target + 1] = g
                                out[target + 2] = bl
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    @inline(__always)
    private static func pixel(_ s0: UInt8, _ s1: UInt8, _ s2: UInt8, _ s3: UInt8, _ transform: Transform) -> (UInt8, UInt8, UInt8) {
        switch transform {
        case .grey: return (s0, s0, s0)
        case .rgb: return (s0, s1, s2)
        case .yCbCr: return rgb(y: s0, cb: s1, cr: s2)
        case .cmyk, .yCCK:
            // Adobe writes CMYK inverted: 255 is no ink. YCCK is that CMY through YCbCr.
            var (c, m, y) = (s0, s1, s2)
            if transform == .yCCK {
                let (r, g, b) = rgb(y: c, cb: m, cr: y)
                (c, m, y) = (255 - r, 255 - g, 255 - b)
            }
            let k = Int(s3)
            return (UInt8((Int(c) * k + 127) / 255), UInt8((Int(m) * k + 127) / 255), UInt8((Int(y) * k + 127) / 255))
        }
    }

    /// JFIF's YCbCr to RGB in 16-bit fixed point, by table (as libjpeg): R = Y + 1.402 Cr', G = Y − 0.344136 Cb' −
    /// 0.714136 Cr', B = Y + 1.772 Cb', with Cb' and Cr' the chroma less 128.
    private static let redFromCr: [Int] = (0..<256).map { Int((1.402 * Double($0 - 128) * 65536).rounded()) }
    private static let blueFromCb: [Int] = (0..<256).map { Int((1.772 * Double($0 - 128) * 65536).rounded()) }
    private static let greenFromCb: [Int] = (0..<256).map { Int((-0.344136 * Double($0 - 128) * 65536).rounded()) }
    private static let greenFromCr: [Int] = (0..<256).map { Int((-0.714136 * Double($0 - 128) * 65536).rounded()) }

    @inline(__always)
    static func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (UInt8, UInt8, UInt8) {
        let luma = Int(y) << 16 + 32768
        @inline(__always) func clamp(_ value: Int) -> UInt8 { UInt8(min(max(value >> 16, 0), 255)) }
        return (
            clamp(luma + redFromCr[Int(cr)]), clamp(luma + greenFromCb[Int(cb)] + greenFromCr[Int(cr)]),
            clamp(luma + blueFromCb[Int(cb)])
        )
    }
}
