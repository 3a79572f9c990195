import TerminalUI
import Testing

@Suite struct ListLayoutTests {
    /// Counts calls of the height function and which rows it measured.
    final class Measurer {
        var measured: [Int] = []
        let heights: (Int) -> Int
        init(_ heights: @escaping (Int) -> Int) { self.heights = heights }
        func height(_ index: Int) -> Int {
            measured.append(index)
            return heights(index)
        }
    }

    @Test func laysOutVariableHeightsFromTheOffset() {
        let layout = ListLayout.layout(rowCount: 10, viewportHeight: 6, selectedIndex: 0, scrollOffset: 0) {
            $0 % 2 == 0 ? 1 : 2
        }
        #expect(layout.scrollOffset == 0)
        #expect(
            layout.rows == [
                .init(index: 0, y: 0, height: 1), .init(index: 1, y: 1, height: 2),
                .init(index: 2, y: 3, height: 1), .init(index: 3, y: 4, height: 2),
            ])
    }

    @Test func scrollsDownJustEnoughToShowTheSelectionWhole() {
        // Heights 1, 2, 1, 2, 1: rows 0–3 fill 6 lines; showing row 4 needs only row 0 to scroll away.
        let layout = ListLayout.layout(rowCount: 10, viewportHeight: 6, selectedIndex: 4, scrollOffset: 0) {
            $0 % 2 == 0 ? 1 : 2
        }
        #expect(layout.scrollOffset == 1)
        #expect(layout.rows.map(\.index) == [1, 2, 3, 4])
        let selected = layout.rows.first { $0.index == 4 }
        #expect(selected.map { $0.y + $0.height <= 6 } == true)
    }

    @Test func scrollsUpToASelectionAboveTheView() {
        let layout = ListLayout.layout(rowCount: 100, viewportHeight: 5, selectedIndex: 3, scrollOffset: 40) { _ in 1 }
        #expect(layout.scrollOffset == 3)
        #expect(layout.rows.first == .init(index: 3, y: 0, height: 1))
    }

    @Test func keepsTheOffsetWhileTheSelectionIsVisible() {
        let layout = ListLayout.layout(rowCount: 100, viewportHeight: 5, selectedIndex: 12, scrollOffset: 10) { _ in 1 }
        #expect(layout.scrollOffset == 10)
        #expect(layout.rows.map(\.index) == [10, 11, 12, 13, 14])
    }

    @Test func aRowTallerThanTheViewportStartsAtTheTop() {
        let layout = ListLayout.layout(rowCount: 5, viewportHeight: 3, selectedIndex: 2, scrollOffset: 0) {
            $0 == 2 ? 10 : 1
        }
        #expect(layout.scrollOffset == 2)
        #expect(layout.rows == [.init(index: 2, y: 0, height: 10)])
    }

    @Test func fillsTheViewportWhenScrolledPastTheEnd() {
        let layout = ListLayout.layout(rowCount: 10, viewportHeight: 4, selectedIndex: 9, scrollOffset: 9) { _ in 1 }
        #expect(layout.scrollOffset == 6)
        #expect(layout.rows.map(\.y) == [0, 1, 2, 3])
    }

    @Test func measuresOnlyRowsNearTheViewportOf100000Rows() {
        let measurer = Measurer { $0 % 3 + 1 }
        let jump = ListLayout.layout(
            rowCount: 100_000, viewportHeight: 24, selectedIndex: 99_999, scrollOffset: 0, rowHeight: measurer.height)
        #expect(jump.rows.last?.index == 99_999)
        #expect(Set(measurer.measured).count == measurer.measured.count, "no row measured twice")
        #expect(measurer.measured.count <= 2 * 24 + 2)
        #expect(measurer.measured.allSatisfy { $0 >= 99_999 - 25 })

        let middle = Measurer { $0 % 3 + 1 }
        let step = ListLayout.layout(
            rowCount: 100_000, viewportHeight: 24, selectedIndex: 50_010, scrollOffset: 50_000, rowHeight: middle.height
        )
        #expect(step.scrollOffset == 50_000)
        #expect(middle.measured.count <= 2 * 24 + 2)
        #expect(middle.measured.allSatisfy { (50_000...50_024).contains($0) })
    }

    @Test func handlesEmptyListsAndViewports() {
        #expect(
            ListLayout.layout(rowCount: 0, viewportHeight: 10, selectedIndex: nil, scrollOffset: 5) { _ in 1 }
                == ListLayout(scrollOffset: 0, rows: []))
        #expect(
            ListLayout.layout(rowCount: 10, viewportHeight: 0, selectedIndex: 3, scrollOffset: 0) { _ in 1 }.rows
                .isEmpty)
    }
}
