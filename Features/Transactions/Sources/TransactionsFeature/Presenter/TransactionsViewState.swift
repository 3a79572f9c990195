/// Everything the two tabs show, formatted, in words no surface owns: each surface words its own hints
/// (how to try again) and keeps its own scroll position.
public struct TransactionsViewState: Equatable, Sendable {
    public enum Status: Equatable, Sendable {
        case loading(String)
        case loaded
        /// The message says what failed and where; `canRetry` is set.
        case failed(String)
    }

    public struct TabItem: Equatable, Sendable {
        public var title: String
        public var isSelected: Bool
    }

    public struct FilterButton: Equatable, Sendable {
        public var title: String
        public var color: TransactionColor
        public var isSelected: Bool
    }

    /// The view fixed below the list.
    public struct FloatingSum: Equatable, Sendable {
        /// The chosen filter's name, drawn in `color`.
        public var title: String
        public var color: TransactionColor
        public var label: String
        public var amount: String
    }

    public struct InsightRow: Equatable, Sendable {
        public var title: String
        public var color: TransactionColor
        public var amount: String
        public var share: String
        /// The share in tenths of a percent; the ring's segments. All rows add up to 1000, or 0 when nothing is pinned.
        public var perMille: Int
    }

    public struct Insights: Equatable, Sendable {
        public var rows: [InsightRow]
        public var totalLabel: String
        public var total: String
    }

    public var tab: TransactionsPresenter.Tab
    public var tabs: [TabItem]
    public var status: Status
    /// Why the data shown may be out of date: a reload failed, or only an offline copy could be shown.
    /// Set only while loaded; `canRetry` is then set too.
    public var notice: String?
    /// Why the pins shown may differ from what the user set: the saved pins could not be read (and were set
    /// aside), or a pin change was not saved (the pins shown are then the saved ones). Surfaces show it as a warning.
    public var pinsWarning: String?
    /// Whether the load can be tried again (`reload`): after a failed load, a failed reload, or an offline copy.
    public var canRetry: Bool
    public var filters: [FilterButton]
    public var rows: TransactionRows
    /// The index into `rows` of the selected transaction; `nil` when the list is empty.
    public var selectedRow: Int?
    /// Shown instead of the list when the chosen filter has no transactions.
    public var emptyMessage: String?
    /// `nil` until the transactions are loaded.
    public var sum: FloatingSum?
    /// `nil` until the transactions are loaded.
    public var insights: Insights?

    public init(
        tab: TransactionsPresenter.Tab, tabs: [TabItem], status: Status, notice: String?, pinsWarning: String?, canRetry: Bool,
        filters: [FilterButton], rows: TransactionRows, selectedRow: Int?, emptyMessage: String?,
        sum: FloatingSum?, insights: Insights?
    ) {
        self.tab = tab
        self.tabs = tabs
        self.status = status
        self.notice = notice
        self.pinsWarning = pinsWarning
        self.canRetry = canRetry
        self.filters = filters
        self.rows = rows
        self.selectedRow = selectedRow
        self.emptyMessage = emptyMessage
        self.sum = sum
        self.insights = insights
    }
}
