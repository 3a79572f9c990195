/// The outline a picture is drawn in, with the share of each pixel inside it (anti-aliased edges).
public enum PictureShape: Sendable, Hashable {
    case rectangle
    /// The ellipse that fills the picture's pixels (a circle where they are square, as a half block's nearly are).
    case ellipse

    /// How much of pixel (x, y) of a `width × height` picture is inside, 0...1, from 4 × 4 samples.
    func coverage(x: Int, y: Int, width: Int, height: Int) -> Double {
        guard self == .ellipse else { return 1 }
        let rx = Double(width) / 2
        let ry = Double(height) / 2
        var inside = 0
        for sy in 0..<4 {
            for sx in 0..<4 {
                let px = (Double(x) + (Double(sx) + 0.5) / 4 - rx) / rx
                let py = (Double(y) + (Double(sy) + 0.5) / 4 - ry) / ry
                if px * px + py * py <= 1 { inside += 1 }
            }
        }
        return Double(inside) / 16
    }
}
