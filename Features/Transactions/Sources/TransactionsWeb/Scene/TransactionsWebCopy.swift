/// The page's own words: what the terminal says with keys, the web says with buttons and labels.
enum TransactionsWebCopy {
    static let tabsLabel = "Views"
    static let filtersLabel = "Categories"
    static let listLabel = "Transactions"
    static let retry = "Try again"
    static let previousPage = "Previous"
    static let nextPage = "Next"
    static let pagingLabel = "Pages of transactions"
    static let unpinned = "unpinned"
    static let ringLabelPrefix = "Pinned spending by category"
    static let insightsLabel = "Spending per category"
}
