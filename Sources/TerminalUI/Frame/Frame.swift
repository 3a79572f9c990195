/// A grid of cells of a fixed size: what a scene draws and a driver shows.
///
/// Cells live in one flat, row-major array so rendering and diffing walk memory in order. Reads outside
/// the grid give a blank cell and writes outside it are ignored, so drawing code can clip freely.
public struct Frame: Sendable, Equatable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Pictures a pixel protocol (kitty, iTerm2) shows over the cells; empty unless a scene drew one for it.
    public internal(set) var placements: [PicturePlacement] = []

    public init(size: Size, fill: Cell = .blank) {
        let clamped = Size(width: max(size.width, 0), height: max(size.height, 0))
        self.size = clamped
        self.cells = Array(repeating: fill, count: clamped.width * clamped.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < size.width && y < size.height }

    /// The cell at (x, y). Setting a cell that is half of a wide grapheme blanks the other half, so the grid
    /// never holds a lead without its continuation or the reverse.
    public subscript(x: Int, y: Int) -> Cell {
        get { contains(x: x, y: y) ? cells[y * size.width + x] : .blank }
        set {
            guard contains(x: x, y: y) else { return }
            let index = y * size.width + x
            detachWideNeighbours(at: index, x: x)
            cells[index] = newValue
        }
    }

    /// Writes a grapheme of the given width (1 or 2) at (x, y), with its continuation cell for width 2.
    /// A wide grapheme that would stick out of the right edge is replaced by a blank.
    mutating func setGrapheme(_ grapheme: String, width: Int, x: Int, y: Int, style: Style) {
        guard contains(x: x, y: y) else { return }
        if width == 2 {
            guard x + 1 < size.width else {
                self[x, y] = Cell(" ", style: style)
                return
            }
            self[x, y] = Cell(grapheme, style: style)
            let next = y * size.width + x + 1
            detachWideNeighbours(at: next, x: x + 1)
            cells[next] = .continuation(style: style)
        } else {
            self[x, y] = Cell(grapheme, style: style)
        }
    }

    /// Changes only the style of the cell at (x, y), keeping its grapheme.
    mutating func restyle(x: Int, y: Int, _ change: (inout Style) -> Void) {
        guard contains(x: x, y: y) else { return }
        change(&cells[y * size.width + x].style)
    }

    private mutating func detachWideNeighbours(at index: Int, x: Int) {
        let old = cells[index]
        if old.isContinuation, x > 0 {
            cells[index - 1].grapheme = " "
        }
        if !old.isContinuation, x + 1 < size.width, cells[index + 1].isContinuation {
            cells[index + 1].grapheme = " "
        }
    }

    /// Copies `other` into this frame with its top-left cell at `origin`, clipped to this frame (its picture
    /// placements too).
    public mutating func draw(_ other: Frame, at origin: Point) {
        for placement in other.placements {
            if let moved = placement.moved(by: origin, clippedTo: bounds) { placements.append(moved) }
        }
        for y in 0..<other.size.height where contains(x: 0, y: origin.y + y) {
            for x in 0..<other.size.width {
                let cell = other.cells[y * other.size.width + x]
                let target = Point(x: origin.x + x, y: origin.y + y)
                guard contains(x: target.x, y: target.y) else { continue }
                if cell.isContinuation {
                    // The lead, written one step earlier, already placed this half; a lead cut off by the left
                    // edge leaves it blank.
                    if x == 0 || target.x == 0 { self[target.x, target.y] = Cell(" ", style: cell.style) }
                } else if x + 1 < other.size.width, other.cells[y * other.size.width + x + 1].isContinuation {
                    setGrapheme(cell.grapheme, width: 2, x: target.x, y: target.y, style: cell.style)
                } else {
                    self[target.x, target.y] = cell
                }
            }
        }
    }
}
