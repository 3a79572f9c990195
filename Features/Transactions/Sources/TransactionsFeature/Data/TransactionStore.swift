import FeatureHostCore

/// The one place that holds the transactions and their pins. Both tabs read it, so the floating sum and the
/// insights can never disagree. Owned by the presenter alone: every change goes through its `send`, so the
/// view state never goes stale. Pins are saved through the `PinStorage` client on every change.
///
/// Built for 100,000 transactions: the positions of each filter's transactions are computed once per load, and
/// the pinned total of each category is kept up to date on every pin change, so choosing a filter or reading a
/// sum costs nothing proportional to the number of transactions.
final class TransactionStore {
    /// In the order of the source.
    private(set) var transactions: [Transaction] = []
    /// `pinned[i]` is the pin of `transactions[i]`.
    private(set) var pinned: [Bool] = []
    /// Why the saved pins could not be read, when they could not.
    let pinsWarning: String?

    /// Ascending positions into `transactions`, per filter slot (`all`, then each category).
    private var positionsBySlot: [[Int]] = Array(repeating: [], count: CategoryFilter.allCases.count)
    /// Pinned total per category ordinal.
    private var pinnedTotals: [Money] = Array(repeating: .zero, count: TransactionCategory.allCases.count)
    private var positionByID: [Int: Int] = [:]
    private var unpinnedIDs: Set<Int>
    private let pins: any PinStorage

    init(pins: any PinStorage) {
        self.pins = pins
        do {
            unpinnedIDs = try pins.unpinnedIDs()
            pinsWarning = nil
        } catch {
            unpinnedIDs = []
            pinsWarning =
                "The saved pins could not be read (\(error.userFacingMessage)). Every transaction starts pinned; the next pin change replaces them."
        }
    }

    /// Replaces the transactions (a load or a reload), applying the saved pins.
    func replace(with transactions: [Transaction]) {
        self.transactions = transactions
        pinned = transactions.map { !unpinnedIDs.contains($0.id) }
        var slots = Array(repeating: [Int](), count: CategoryFilter.allCases.count)
        var totals = Array(repeating: Money.zero, count: TransactionCategory.allCases.count)
        var byID: [Int: Int] = [:]
        byID.reserveCapacity(transactions.count)
        slots[0] = Array(transactions.indices)
        for (position, transaction) in transactions.enumerated() {
            let ordinal = transaction.category.ordinal
            slots[ordinal + 1].append(position)
            if pinned[position] { totals[ordinal] = totals[ordinal] + transaction.amount }
            byID[transaction.id] = position
        }
        positionsBySlot = slots
        pinnedTotals = totals
        positionByID = byID
    }

    /// Ascending positions into `transactions` of the filter's transactions.
    func positions(in filter: CategoryFilter) -> [Int] { positionsBySlot[Self.slot(of: filter)] }

    /// The filter's transactions, in source order. For tests: the presenter reads `positions(in:)`.
    func transactions(in filter: CategoryFilter) -> [Transaction] {
        positions(in: filter).map { transactions[$0] }
    }

    /// The sum of the filter's pinned transactions.
    func pinnedTotal(in filter: CategoryFilter) -> Money {
        switch filter {
        case .all: return pinnedTotals.reduce(.zero, +)
        case .category(let category): return pinnedTotals[category.ordinal]
        }
    }

    func position(ofID id: Int) -> Int? { positionByID[id] }

    func isPinned(id: Int) -> Bool? { position(ofID: id).map { pinned[$0] } }

    /// Flips the pin of the transaction at `position` as shown here, updates the sums and saves the pins.
    func togglePin(at position: Int) {
        guard pinned.indices.contains(position) else { return }
        let transaction = transactions[position]
        let ordinal = transaction.category.ordinal
        pinned[position].toggle()
        // Another session over the same data directory (a second browser tab, a second shell) may have saved
        // since these pins were read: start from what is saved and apply only this change, so its pins are kept.
        if let saved = try? pins.unpinnedIDs() { unpinnedIDs = saved }
        if pinned[position] {
            pinnedTotals[ordinal] = pinnedTotals[ordinal] + transaction.amount
            unpinnedIDs.remove(transaction.id)
        } else {
            pinnedTotals[ordinal] = pinnedTotals[ordinal] - transaction.amount
            unpinnedIDs.insert(transaction.id)
        }
        pins.save(unpinnedIDs: unpinnedIDs)
    }

    private static func slot(of filter: CategoryFilter) -> Int {
        switch filter {
        case .all: return 0
        case .category(let category): return category.ordinal + 1
        }
    }
}
