import ImageDecoding

/// A picture ready to draw in a rectangle of cells: scaled (cropped to fill) to two pixels a cell, one above the
/// other. Made by the shell's `TerminalPictures`; a scene only draws it.
public struct Picture: Sendable, Equatable {
    /// The image cache's key: which picture this is.
    public let key: String
    /// The cells it fills.
    public let cells: Size
    let pixels: DecodedImage
    /// For a pixel protocol: the picture at the terminal's own pixels (the cells' size in pixels), its shape cut out
    /// by alpha; nil in the half-block modes.
    let fine: DecodedImage?

    public init(key: String, cells: Size, pixels: DecodedImage, fine: DecodedImage? = nil) {
        self.key = key
        self.cells = cells
        self.pixels = pixels
        self.fine = fine
    }

    /// The pixel at (x, y) of its `cells.width × cells.height × 2` pixels, laid over `background` by its alpha.
    public func color(x: Int, y: Int, over background: Color) -> Color {
        let p = pixels.pixel(x: x, y: y)
        guard p.alpha < 255 else { return .rgb(p.red, p.green, p.blue) }
        return Color.interpolate(from: background, to: .rgb(p.red, p.green, p.blue), fraction: Double(p.alpha) / 255)
    }

    /// The mean of the cell's two pixels (its upper and lower half), over `background`.
    public func cellColor(column: Int, row: Int, over background: Color) -> Color {
        Color.interpolate(
            from: color(x: column, y: row * 2, over: background), to: color(x: column, y: row * 2 + 1, over: background), fraction: 0.5)
    }
}
