import ChatsFeature

/// The list shows one page of rows at a time, the page holding the selection, so a page stays small with
/// 10,000 chats. A page is `ChatsPresenter.avatarWindow` rows: the presenter loads the avatars of that many
/// rows on each side of the selection, so every avatar on the shown page loads without the page reporting
/// what it shows.
struct RowPages: Equatable {
    static let size = ChatsPresenter.avatarWindow

    let rowCount: Int

    init(count: Int) { rowCount = max(0, count) }

    /// How many pages; at least one.
    var count: Int { max(1, (rowCount + Self.size - 1) / Self.size) }

    func page(of row: Int) -> Int { min(max(0, row), max(0, rowCount - 1)) / Self.size }

    /// The rows of `page`, within the list.
    func rows(ofPage page: Int) -> Range<Int> {
        let start = min(rowCount, max(0, page) * Self.size)
        return start..<min(rowCount, start + Self.size)
    }

    /// The first row of `page`, or `nil` when there is no such page.
    func firstRow(ofPage page: Int) -> Int? {
        (0..<count).contains(page) ? page * Self.size : nil
    }
}
