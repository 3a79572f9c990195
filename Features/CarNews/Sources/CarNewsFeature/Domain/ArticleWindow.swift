/// Where in the list a window of rows is wanted: around a position, or around an article wherever the list now
/// has it (`orIndex` when it is gone).
public enum ListAnchor: Sendable, Equatable {
    case index(Int)
    case article(id: Int64, orIndex: Int)
}

/// A run of the list's rows, newest first: what the presenter holds of a list of any length. The list itself
/// stays in the store; a window of `size` rows around the selection is read when the selection nears its edge,
/// so 100,000 saved articles cost the presenter the same memory as 200.
public struct ArticleWindow: Sendable, Equatable {
    /// Rows held around the selection: a terminal 200 lines tall shows 40 cards, a web page 20.
    public static let size = 160
    /// A window is read again, centred on the selection, when the selection comes this close to an edge that is
    /// not the list's: more than any screen shows on either side of its selection.
    public static let margin = 50

    /// Articles in the whole list.
    public var total: Int
    /// The list position of `summaries[0]`.
    public var offset: Int
    public var summaries: [ArticleSummary]
    /// Where the anchor it was read around is now (an article's new position, or the clamped index); nil for an
    /// empty list.
    public var anchorIndex: Int?

    public init(total: Int, offset: Int, summaries: [ArticleSummary], anchorIndex: Int?) {
        self.total = total
        self.offset = offset
        self.summaries = summaries
        self.anchorIndex = anchorIndex
    }

    public static let empty = ArticleWindow(total: 0, offset: 0, summaries: [], anchorIndex: nil)

    /// One past the last list position held.
    public var end: Int { offset + summaries.count }

    /// The article at list position `index`, when the window holds it.
    public func summary(at index: Int) -> ArticleSummary? {
        index >= offset && index < end ? summaries[index - offset] : nil
    }

    /// The list position of article `id`, when the window holds it.
    public func index(of id: Int64) -> Int? {
        summaries.firstIndex { $0.id == id }.map { $0 + offset }
    }

    /// Whether the selection at `index` is near an edge of the window that is not an end of the list (or outside
    /// it): time to read the window around it.
    public func needsRecentring(on index: Int) -> Bool {
        guard total > 0 else { return false }
        if index < offset || index >= end { return true }
        return (offset > 0 && index - offset < Self.margin) || (end < total && end - index <= Self.margin)
    }

    /// The first position of a window of `size` rows centred on `index` in a list of `total`.
    public static func offset(centredOn index: Int, total: Int, size: Int = size) -> Int {
        max(min(index - size / 2, total - size), 0)
    }

    /// Resolves `anchor` in a list of `total` rows, given where article `id` is (`position`).
    static func resolve(_ anchor: ListAnchor, total: Int, position: (Int64) throws -> Int?) rethrows -> Int? {
        guard total > 0 else { return nil }
        switch anchor {
        case .index(let index):
            return min(max(index, 0), total - 1)
        case .article(let id, let orIndex):
            return try position(id) ?? min(max(orIndex, 0), total - 1)
        }
    }

    /// The window around `anchor` of a list held whole in memory, newest first (the in-memory store, and a reply
    /// that could not be saved).
    public static func around(_ anchor: ListAnchor, in list: [ArticleSummary], size: Int = size) -> ArticleWindow {
        let anchorIndex = resolve(anchor, total: list.count) { id in list.firstIndex { $0.id == id } }
        guard let anchorIndex else { return .empty }
        let offset = offset(centredOn: anchorIndex, total: list.count, size: size)
        return ArticleWindow(
            total: list.count, offset: offset, summaries: Array(list[offset..<min(offset + size, list.count)]),
            anchorIndex: anchorIndex)
    }
}

/// A good reply that could not be saved: its articles live in memory until the next refresh, and its list is
/// paged from here instead of from the store.
public struct UnsavedArticles: Sendable, Equatable {
    /// Newest first.
    public var summaries: [ArticleSummary]
    public var articles: [Int64: Article]

    public init(_ articles: [Article]) {
        var byID: [Int64: Article] = [:]
        for article in articles { byID[article.id] = article }
        self.articles = byID
        summaries = byID.values.map(\.summary).sorted(by: ArticleSummary.newestFirst)
    }
}
