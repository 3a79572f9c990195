extension Frame {
    /// Draws `picture` into `rect` (its `cells`; clipped to the frame) as half blocks: `▀` with the upper pixel as the
    /// foreground and the lower as the background. Transparent pixels, and those outside `shape`, show `background`.
    /// In 256 colours the pixels are dithered to the palette (a 4 × 4 ordered pattern), so gradients keep their
    /// steps small.
    public mutating func drawPicture(
        _ picture: Picture, at origin: Point, background: Color, shape: PictureShape = .rectangle, colors: ColorMode = .trueColor
    ) {
        let width = picture.cells.width
        let height = picture.cells.height * 2
        for row in 0..<picture.cells.height {
            for column in 0..<picture.cells.width {
                let x = origin.x + column
                let y = origin.y + row
                guard contains(x: x, y: y) else { continue }
                let upper = PictureColor.pixel(
                    picture, x: column, y: row * 2, width: width, height: height, shape: shape, background: background, colors: colors)
                let lower = PictureColor.pixel(
                    picture, x: column, y: row * 2 + 1, width: width, height: height, shape: shape, background: background, colors: colors)
                self[x, y] = Cell("▀", style: Style(foreground: upper, background: lower))
            }
        }
        // With a pixel protocol the terminal shows the picture itself over these cells (they stay what it shows
        // when it cannot).
        if picture.fine != nil {
            place(PicturePlacement(picture: picture, origin: origin, visible: Rect(origin: origin, size: picture.cells)))
        }
    }

    /// A picture's shape filled with one colour, as half blocks: the placeholder in a picture's place (the spec's
    /// `#C8C8C8` while an avatar loads), drawn exactly where the picture will be.
    public mutating func drawPictureShape(
        _ shape: PictureShape, cells: Size, at origin: Point, color: Color, background: Color
    ) {
        let width = cells.width
        let height = cells.height * 2
        func pixel(_ px: Int, _ py: Int) -> Color {
            let coverage = shape.coverage(x: px, y: py, width: width, height: height)
            return coverage >= 1 ? color : Color.interpolate(from: background, to: color, fraction: coverage)
        }
        for row in 0..<cells.height {
            for column in 0..<cells.width where contains(x: origin.x + column, y: origin.y + row) {
                let upper = pixel(column, row * 2)
                let lower = pixel(column, row * 2 + 1)
                self[origin.x + column, origin.y + row] =
                    upper == lower
                    ? Cell(" ", style: Style(foreground: upper, background: upper))
                    : Cell("▀", style: Style(foreground: upper, background: lower))
            }
        }
    }
}

/// A picture's pixel as a cell colour: laid over the background by its alpha and its shape's coverage, and
/// dithered to the palette in 256 colours.
enum PictureColor {
    /// A 4 × 4 Bayer matrix, 0...15.
    private static let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    static func pixel(
        _ picture: Picture, x: Int, y: Int, width: Int, height: Int, shape: PictureShape, background: Color, colors: ColorMode
    ) -> Color {
        var color = picture.color(x: x, y: y, over: background)
        let coverage = shape.coverage(x: x, y: y, width: width, height: height)
        if coverage < 1 { color = Color.interpolate(from: background, to: color, fraction: coverage) }
        guard colors == .ansi256 else { return color }
        return dithered(color, x: x, y: y)
    }

    /// The palette colour nearest to `color` nudged by the ordered pattern: ±12 per channel spread over 16 positions,
    /// less than a step of the colour cube (40), so a flat tone near a palette colour stays flat and one between two
    /// mixes them.
    static func dithered(_ color: Color, x: Int, y: Int) -> Color {
        let (r, g, b) = color.components
        let offset = (bayer[(y & 3) * 4 + (x & 3)] + 0.5) / 16 - 0.5
        func nudge(_ value: UInt8) -> UInt8 { UInt8(min(max(Double(value) + offset * 24, 0), 255).rounded()) }
        let index = ColorConversion.ansi256(red: nudge(r), green: nudge(g), blue: nudge(b))
        let shown = ColorConversion.rgb(ansi256: index)
        return .rgb(shown.red, shown.green, shown.blue)
    }
}
