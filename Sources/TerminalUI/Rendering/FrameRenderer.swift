/// Turns frames into ANSI output for one colour mode: a whole frame, or only the cells that changed.
///
/// Every output starts and ends in the default style, so outputs can be written one after another.
public struct FrameRenderer: Sendable {
    public var colorMode: ColorMode

    public init(colorMode: ColorMode) { self.colorMode = colorMode }

    /// Every cell of the frame, row by row, from the top-left corner.
    public func render(_ frame: Frame) -> String {
        var buffer = ANSIBuffer(capacity: frame.cells.count * 2)
        appendFull(frame, into: &buffer)
        return buffer.string
    }

    /// Only the cells that differ between `previous` and `next`, each run of changed cells reached with
    /// one cursor move. Frames of different sizes are drawn in full. Equal frames give an empty string.
    public func diff(from previous: Frame, to next: Frame) -> String {
        var buffer = ANSIBuffer()
        appendDiff(from: previous, to: next, into: &buffer)
        return buffer.string
    }

    /// Each row on its own, from the default style and back to it, with no cursor moves: a frame as text with its
    /// colours (`featurehost snapshot --color`, goldens of drawn pictures).
    public func lines(_ frame: Frame) -> [String] {
        let width = frame.size.width
        return (0..<frame.size.height).map { y in
            var buffer = ANSIBuffer(capacity: width * 4)
            var pen = Pen.standard
            var x = 0
            while x < width {
                let cell = frame.cells[y * width + x]
                let target = Pen(cell.style, mode: colorMode)
                pen.appendTransition(to: target, into: &buffer)
                pen = target
                buffer.append(cell.isContinuation ? " " : cell.grapheme)
                x += !cell.isContinuation && x + 1 < width && frame.cells[y * width + x + 1].isContinuation ? 2 : 1
            }
            pen.appendTransition(to: .standard, into: &buffer)
            return buffer.string
        }
    }

    func appendFull(_ frame: Frame, into buffer: inout ANSIBuffer) {
        var writer = CellWriter(mode: colorMode)
        buffer.append("\u{1B}[0m")
        forEachGrapheme(of: frame) { x, y, _ in writer.write(frame, x: x, y: y, into: &buffer) }
        writer.finish(into: &buffer)
    }

    func appendDiff(from previous: Frame, to next: Frame, into buffer: inout ANSIBuffer) {
        guard previous.size == next.size else {
            appendFull(next, into: &buffer)
            return
        }
        var writer = CellWriter(mode: colorMode)
        let old = previous.cells
        let new = next.cells
        forEachGrapheme(of: next) { x, y, index in
            // A wide grapheme and its continuation change together: the pair is written as one.
            let isWide = x + 1 < next.size.width && new[index + 1].isContinuation
            if old[index] != new[index] || (isWide && old[index + 1] != new[index + 1]) {
                writer.write(next, x: x, y: y, into: &buffer)
            }
        }
        writer.finish(into: &buffer)
    }

    /// Visits each cell that starts a grapheme, skipping the right halves of wide ones.
    private func forEachGrapheme(of frame: Frame, _ body: (_ x: Int, _ y: Int, _ index: Int) -> Void) {
        let width = frame.size.width
        let cells = frame.cells
        for y in 0..<frame.size.height {
            var x = 0
            while x < width {
                let index = y * width + x
                body(x, y, index)
                x += x + 1 < width && cells[index + 1].isContinuation && !cells[index].isContinuation ? 2 : 1
            }
        }
    }
}

/// Writes cells while tracking where the terminal's cursor is and which style it uses, so consecutive
/// cells need neither a cursor move nor a style change.
private struct CellWriter {
    let mode: ColorMode
    private var cursor: Point? = nil
    private var pen = Pen.standard
    private var lastStyle: Style? = nil
    private var lastPen = Pen.standard

    init(mode: ColorMode) { self.mode = mode }

    mutating func write(_ frame: Frame, x: Int, y: Int, into buffer: inout ANSIBuffer) {
        let width = frame.size.width
        let cell = frame.cells[y * width + x]
        if cursor != Point(x: x, y: y) { buffer.moveCursor(x: x, y: y) }
        let target = pen(for: cell.style)
        pen.appendTransition(to: target, into: &buffer)
        pen = target
        if cell.isContinuation {
            // Only reached for a continuation without its lead (a wide lead covers its own right half).
            buffer.append(UInt8(ascii: " "))
            cursor = Point(x: x + 1, y: y)
            return
        }
        buffer.append(cell.grapheme)
        let isWide = x + 1 < width && frame.cells[y * width + x + 1].isContinuation
        cursor = Point(x: x + (isWide ? 2 : 1), y: y)
    }

    mutating func finish(into buffer: inout ANSIBuffer) {
        pen.appendTransition(to: .standard, into: &buffer)
        pen = .standard
    }

    /// Neighbouring cells usually share a style; remembering the last conversion skips the colour matching.
    private mutating func pen(for style: Style) -> Pen {
        if style == lastStyle { return lastPen }
        let converted = Pen(style, mode: mode)
        lastStyle = style
        lastPen = converted
        return converted
    }
}
