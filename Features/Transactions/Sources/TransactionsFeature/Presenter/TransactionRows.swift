/// One transaction as the list shows it, formatted.
public struct TransactionRow: Equatable, Sendable {
    public var id: Int
    /// The category's name, the row's heading.
    public var category: String
    public var color: TransactionColor
    public var name: String
    public var amount: String
    public var date: String
    public var accountName: String
    /// The merchant's name, when the transaction has one.
    public var provider: String?
    /// Unpinned rows collapse to their heading and the pin icon, dimmed.
    public var isPinned: Bool

    public init(
        id: Int, category: String, color: TransactionColor, name: String, amount: String, date: String,
        accountName: String, provider: String?, isPinned: Bool
    ) {
        self.id = id
        self.category = category
        self.color = color
        self.name = name
        self.amount = amount
        self.date = date
        self.accountName = accountName
        self.provider = provider
        self.isPinned = isPinned
    }
}

/// The rows of the chosen filter. A value like any other part of the view state, but each row is formatted only
/// when read: a screen shows a few dozen of 100,000 transactions, so formatting all of them on every filter
/// change would cost far more than a frame.
public struct TransactionRows: RandomAccessCollection, Equatable, Sendable {
    private let transactions: [Transaction]
    private let positions: [Int]
    private let pinned: [Bool]
    private let formatting: TransactionFormatting?

    init(transactions: [Transaction], positions: [Int], pinned: [Bool], formatting: TransactionFormatting) {
        self.transactions = transactions
        self.positions = positions
        self.pinned = pinned
        self.formatting = formatting
    }

    public init() {
        transactions = []
        positions = []
        pinned = []
        formatting = nil
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions.count }

    public subscript(index: Int) -> TransactionRow {
        let position = positions[index]
        let transaction = transactions[position]
        return TransactionRow(
            id: transaction.id, category: transaction.category.title, color: transaction.category.color,
            name: transaction.name, amount: formatting?.money(transaction.amount) ?? transaction.amount.description,
            date: formatting?.day(transaction.date) ?? "", accountName: transaction.accountName,
            provider: transaction.provider.map(ProviderNames.displayName(for:)), isPinned: pinned[position])
    }

    /// Whether row `index` is pinned, without formatting it: what a list layout needs to measure rows.
    public func isPinned(at index: Int) -> Bool { pinned[positions[index]] }

    /// `1–5 of 13`: which rows (counted from 1) a screen shows.
    public func position(showing range: ClosedRange<Int>) -> String {
        let format = formatting?.count ?? { String($0) }
        return "\(format(range.lowerBound + 1))–\(format(range.upperBound + 1)) of \(format(count))"
    }

    /// Arrays compare by identity first, so comparing two states of the same load is cheap. Rows are equal when
    /// they would read the same: the same transactions, positions and pins, formatted alike.
    public static func == (lhs: TransactionRows, rhs: TransactionRows) -> Bool {
        let formattedAlike =
            switch (lhs.formatting, rhs.formatting) {
            case (nil, nil): true
            case (let left?, let right?): left.formatsLike(right)
            default: false
            }
        return formattedAlike && lhs.positions == rhs.positions && lhs.pinned == rhs.pinned && lhs.transactions == rhs.transactions
    }
}
