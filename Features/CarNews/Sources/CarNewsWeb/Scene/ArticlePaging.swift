/// The list shows one page of cards around the presenter's selection, so a list of 10,000 articles renders
/// 20 cards, not 10,000. Paging moves the selection to the middle of the next page: the presenter asks for the
/// images of the 10 rows either side of the selection, which is then exactly the page on screen.
public struct ArticlePaging: Equatable, Sendable {
    public static let pageSize = 20

    let count: Int
    /// The page the selection is on.
    let page: Int

    init(count: Int, selectedIndex: Int?) {
        self.count = count
        page = (selectedIndex ?? 0) / Self.pageSize
    }

    var pageCount: Int { max(1, (count + Self.pageSize - 1) / Self.pageSize) }
    var range: Range<Int> { min(page * Self.pageSize, count)..<min((page + 1) * Self.pageSize, count) }
    var hasNewer: Bool { page > 0 }
    var hasOlder: Bool { page + 1 < pageCount }

    /// The row to select to show `page`: its middle, or its last row when the page is short.
    func selection(forPage page: Int) -> Int? {
        guard count > 0, page >= 0, page < pageCount else { return nil }
        return min(page * Self.pageSize + Self.pageSize / 2, count - 1)
    }
}
