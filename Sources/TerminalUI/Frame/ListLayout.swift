/// Lays out a scrolling list whose rows may differ in height, measuring only the rows near the viewport.
///
/// The scroll offset is the index of the first visible row, whose top sits at the viewport's top. Keeping
/// an index rather than a line offset is what lets a 100,000-row list avoid measuring the rows above it.
public struct ListLayout: Sendable, Equatable {
    /// One visible row: its index, its top relative to the viewport, and its full height. The last row may
    /// reach past the bottom of the viewport; the caller clips it.
    public struct Row: Sendable, Equatable {
        public var index: Int
        public var y: Int
        public var height: Int

        public init(index: Int, y: Int, height: Int) {
            self.index = index
            self.y = y
            self.height = height
        }
    }

    /// The first visible row, adjusted so the selection is fully visible.
    public var scrollOffset: Int
    public var rows: [Row]

    public init(scrollOffset: Int, rows: [Row]) {
        self.scrollOffset = scrollOffset
        self.rows = rows
    }

    /// Scrolls as little as possible from `scrollOffset` to keep `selectedIndex` fully visible (or its top
    /// visible when it is taller than the viewport), fills the viewport from the bottom when the end of the
    /// list is reached, and returns the visible rows. `rowHeight` is called at most about twice the viewport
    /// height times, once per row; heights below 1 count as 1.
    public static func layout(
        rowCount: Int, viewportHeight: Int, selectedIndex: Int?, scrollOffset: Int, rowHeight: (Int) -> Int
    ) -> ListLayout {
        guard rowCount > 0, viewportHeight > 0 else { return ListLayout(scrollOffset: 0, rows: []) }
        var measured: [Int: Int] = [:]
        func height(_ index: Int) -> Int {
            if let known = measured[index] { return known }
            let value = max(rowHeight(index), 1)
            measured[index] = value
            return value
        }

        var offset = min(max(scrollOffset, 0), rowCount - 1)
        if let selectedIndex {
            let selected = min(max(selectedIndex, 0), rowCount - 1)
            if selected < offset {
                offset = selected
            } else {
                // Walk up from the selection while the rows still fit; stop at the current offset, since
                // every row is at least one line this walk is bounded by the viewport height.
                var top = selected
                var used = height(selected)
                while top > offset, used + height(top - 1) <= viewportHeight {
                    top -= 1
                    used += height(top)
                }
                offset = top
            }
        }

        var rows: [Row] = []
        var y = 0
        var index = offset
        while index < rowCount, y < viewportHeight {
            let h = height(index)
            rows.append(Row(index: index, y: y, height: h))
            y += h
            index += 1
        }

        // The list ends above the bottom: pull earlier rows in so no space is wasted.
        if index == rowCount, y < viewportHeight {
            var pulled: [Row] = []
            while offset > 0, y + height(offset - 1) <= viewportHeight {
                offset -= 1
                y += height(offset)
                pulled.append(Row(index: offset, y: 0, height: height(offset)))
            }
            if !pulled.isEmpty {
                rows = pulled.reversed() + rows
                var top = 0
                for i in rows.indices {
                    rows[i].y = top
                    top += rows[i].height
                }
            }
        }
        return ListLayout(scrollOffset: offset, rows: rows)
    }
}
