/// A picture a pixel protocol shows over the frame's cells: which picture, where its top-left cell is, and which of
/// its cells are visible (clipped by whatever drew it: a list's area, the screen's edge, a title band over it).
public struct PicturePlacement: Sendable, Equatable {
    public let picture: Picture
    /// The picture's top-left cell, in the frame's coordinates (outside the frame when it is scrolled partly away).
    public var origin: Point
    /// The cells shown, in the frame's coordinates; always inside the picture's own rectangle.
    public var visible: Rect

    public init(picture: Picture, origin: Point, visible: Rect) {
        self.picture = picture
        self.origin = origin
        self.visible = visible.intersection(Rect(origin: origin, size: picture.cells))
    }

    /// Moved by `offset` and clipped to `bounds`; nil when nothing of it stays visible.
    public func moved(by offset: Point, clippedTo bounds: Rect) -> PicturePlacement? {
        let visible = Rect(x: visible.x + offset.x, y: visible.y + offset.y, width: visible.width, height: visible.height)
            .intersection(bounds)
        guard !visible.isEmpty else { return nil }
        return PicturePlacement(picture: picture, origin: Point(x: origin.x + offset.x, y: origin.y + offset.y), visible: visible)
    }
}

extension Frame {
    /// Records that a pixel protocol shows `placement` here (the cells beneath keep what was drawn; see
    /// `drawPicture(… pixels: true)`). Clipped to the frame; dropped when nothing of it is in it.
    public mutating func place(_ placement: PicturePlacement) {
        guard let clipped = placement.moved(by: Point(x: 0, y: 0), clippedTo: bounds) else { return }
        placements.append(clipped)
    }

    /// Keeps only the placements whose visible part lies within `rect`, cut to it (a title band drawn over the bottom
    /// rows of a picture takes those rows back for the cells).
    public mutating func clipPlacements(to rect: Rect, of picture: Picture) {
        placements = placements.compactMap { placement in
            guard placement.picture.key == picture.key, placement.picture.cells == picture.cells else { return placement }
            return placement.moved(by: Point(x: 0, y: 0), clippedTo: rect)
        }
    }
}
