import Foundation
import TerminalUI

/// A ring of the categories' shares, drawn with half blocks: each cell is two square-ish pixels (`▀` top,
/// `▄` bottom, `█` both), so a ring `2r` columns wide is `r` rows tall. Segments start at 12 o'clock and run
/// clockwise in category order, sized by the same tenths of a percent the list shows. With nothing pinned the
/// ring is an empty grey track. A cell whose two pixels are both on the ring is always a full block, in the top
/// pixel's colour where two segments meet: a `▀` there would read as a notch in the ring's outline (and does
/// in plain text), so the outline stays clean at the cost of half a cell of precision at a boundary.
enum RingChartView {
    struct Segment {
        var perMille: Int
        var color: Color
    }

    /// Draws a ring filling `rect`'s height (and at most its width), centred. Returns the ring's hole, where a
    /// caller may put a label.
    @discardableResult
    static func draw(_ segments: [Segment], in rect: Rect, into frame: inout Frame) -> Rect {
        guard let geometry = Geometry(rect) else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let (columns, rows, origin, outer, inner) = (
            geometry.diameter, geometry.rows, geometry.origin, geometry.outer, geometry.inner
        )
        let total = segments.reduce(0) { $0 + $1.perMille }

        func pixel(_ px: Int, _ py: Int) -> Color? {
            let dx = Double(px) + 0.5 - outer
            let dy = Double(py) + 0.5 - outer
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance <= outer, distance >= inner else { return nil }
            guard total > 0 else { return TransactionsPalette.track }
            // Clockwise from 12 o'clock, as a fraction of the turn in tenths of a percent.
            var angle = atan2(dx, -dy)
            if angle < 0 { angle += 2 * .pi }
            let position = angle / (2 * .pi) * 1000
            var end = 0
            for segment in segments where segment.perMille > 0 {
                end += segment.perMille
                if position < Double(end) { return segment.color }
            }
            return segments.last { $0.perMille > 0 }?.color
        }

        for row in 0..<rows {
            for column in 0..<columns {
                let top = pixel(column, row * 2)
                let bottom = pixel(column, row * 2 + 1)
                let point = Point(x: origin.x + column, y: origin.y + row)
                switch (top, bottom) {
                case (let top?, _?):
                    frame.put("█", at: point, style: Style(foreground: top))
                case (let top?, nil):
                    frame.put("▀", at: point, style: Style(foreground: top))
                case (nil, let bottom?):
                    frame.put("▄", at: point, style: Style(foreground: bottom))
                case (nil, nil):
                    break
                }
            }
        }
        return geometry.hole
    }

    /// Where `draw` would leave the hole in `rect`, without drawing: for a caller choosing a size.
    static func hole(in rect: Rect) -> Rect {
        Geometry(rect)?.hole ?? Rect(x: rect.x, y: rect.y, width: 0, height: 0)
    }

    /// The ring's size and place in a rectangle: as wide as twice its height allows, centred.
    private struct Geometry {
        let diameter: Int
        let rows: Int
        let origin: Point
        let outer: Double
        let inner: Double

        init?(_ rect: Rect) {
            diameter = min(rect.height * 2, rect.width)
            guard diameter >= 4 else { return nil }
            rows = (diameter + 1) / 2
            origin = Point(x: rect.x + (rect.width - diameter) / 2, y: rect.y + (rect.height - rows) / 2)
            outer = Double(diameter) / 2
            inner = outer - max(2, Double(diameter) / 6)
        }

        /// The largest rectangle of whole cells inside the hole, for the label.
        var hole: Rect {
            let holeColumns = Int(inner * 2 * 0.7)
            let holeRows = Int(inner * 0.7)
            return Rect(
                x: origin.x + (diameter - holeColumns) / 2, y: origin.y + (rows - holeRows) / 2, width: holeColumns,
                height: holeRows)
        }
    }
}
