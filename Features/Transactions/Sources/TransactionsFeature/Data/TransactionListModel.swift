import FeatureHostCore

/// The one place that holds the transactions and their pins. Both tabs read it, so the floating sum and the
/// insights can never disagree. Owned by the presenter alone: every change goes through its `send`, so the
/// view state never goes stale. It does no I/O: the presenter reads and saves the pins through the `PinClient`
/// client in effects, and tells the store what is kept (`readPins`, `saveFinished`).
///
/// A pin change shows at once and waits to be saved; one save runs at a time and takes every change made
/// meanwhile, so saves never overtake each other. The pins shown are always what is kept with the changes not
/// yet saved on top: a save that fails takes its changes back off the screen.
///
/// Built for 100,000 transactions: the positions of each filter's transactions are computed once per load, and
/// the pinned total of each category is kept up to date on every pin change, so choosing a filter or reading a
/// sum costs nothing proportional to the number of transactions. A value, part of `TransactionsModel`: changed in
/// place (its arrays are held once), so a pin costs what it changes.
struct TransactionListModel {
    /// In the order of the source.
    private(set) var transactions: [Transaction] = []
    /// `pinned[i]` is the pin of `transactions[i]`.
    private(set) var pinned: [Bool] = []
    /// Why the saved pins could not be read, when they could not.
    private(set) var pinsWarning: String?

    /// Ascending positions into `transactions`, per filter slot (`all`, then each category).
    private var positionsBySlot: [[Int]] = Array(repeating: [], count: CategoryFilter.allCases.count)
    /// Pinned total per category ordinal.
    private var pinnedTotals: [Money] = Array(repeating: .zero, count: TransactionCategory.allCases.count)
    private var positionByID: [Int: Int] = [:]
    /// The unpinned ids as shown: `kept` with the changes not yet saved applied.
    private(set) var unpinnedIDs: Set<Int>
    /// What the storage holds, as last read or saved.
    private var kept: Set<Int>
    /// The changes (id → pinned) the save under way carries, and those made since, which wait for it.
    private(set) var saving: [Int: Bool] = [:]
    private var waiting: [Int: Bool] = [:]
    /// Counts finished saves, so a read that started before one finished is not taken for what is kept.
    private(set) var savesFinished = 0

    init(unpinnedIDs: Set<Int> = []) {
        self.unpinnedIDs = unpinnedIDs
        kept = unpinnedIDs
    }

    /// The saved pins as a load read them. A read that overlapped a finished save may miss it: then what that
    /// save returned stays the truth. Unreadable pins count as none (every transaction pinned) with a warning;
    /// the next save replaces them.
    /// What the user reads when the saved pins cannot be read: what it means for them and what happens next,
    /// in their words. The store's reason (a decoder's or a file's) is a developer's, and long enough to push the
    /// outcome out of a terminal's three rows; `featurehost store get` shows the saved value.
    static let unreadablePinsWarning =
        "Your saved pins could not be read, so every transaction is pinned for now. Your next pin change saves new pins in their place."

    mutating func readPins(_ result: Result<Set<Int>, FeatureError>, savesFinishedBefore: Int) {
        switch result {
        case .success(let ids):
            pinsWarning = nil
            guard savesFinishedBefore == savesFinished else { return }
            kept = ids
        case .failure:
            kept = []
            pinsWarning = Self.unreadablePinsWarning
        }
        show(kept.applying(pinChanges: saving).applying(pinChanges: waiting))
    }

    /// Replaces the transactions (a load or a reload), applying the saved pins.
    mutating func replace(with transactions: [Transaction]) {
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

    /// Flips the pin of the transaction at `position` as shown here and updates the sums; the change waits for
    /// `changesToSave()`.
    mutating func togglePin(at position: Int) {
        guard pinned.indices.contains(position) else { return }
        let transaction = transactions[position]
        var ids = unpinnedIDs
        if pinned[position] { ids.insert(transaction.id) } else { ids.remove(transaction.id) }
        waiting[transaction.id] = !pinned[position]
        show(ids)
    }

    /// The changes to save next, or nil while a save is under way or nothing waits. They count as under way
    /// until `saveFinished`.
    mutating func changesToSave() -> [Int: Bool]? {
        guard saving.isEmpty, !waiting.isEmpty else { return nil }
        saving = waiting
        waiting = [:]
        return saving
    }

    /// The end of the save under way: on success, what the storage now holds; on failure its changes are lost,
    /// and leave the screen. Returns the changes that were not saved.
    @discardableResult
    mutating func saveFinished(_ result: Result<Set<Int>, FeatureError>) -> [Int: Bool] {
        let carried = saving
        saving = [:]
        savesFinished += 1
        if case .success(let ids) = result { kept = ids }
        show(kept.applying(pinChanges: waiting))
        if case .success = result { return [:] }
        return carried
    }

    func transaction(id: Int) -> Transaction? { position(ofID: id).map { transactions[$0] } }

    /// Makes `ids` the unpinned ids shown, updating only the rows and totals that change.
    private mutating func show(_ ids: Set<Int>) {
        for id in ids.symmetricDifference(unpinnedIDs) {
            guard let position = positionByID[id] else { continue }
            let isPinned = !ids.contains(id)
            guard pinned[position] != isPinned else { continue }
            pinned[position] = isPinned
            let transaction = transactions[position]
            let ordinal = transaction.category.ordinal
            pinnedTotals[ordinal] =
                isPinned ? pinnedTotals[ordinal] + transaction.amount : pinnedTotals[ordinal] - transaction.amount
        }
        unpinnedIDs = ids
    }

    private static func slot(of filter: CategoryFilter) -> Int {
        switch filter {
        case .all: return 0
        case .category(let category): return category.ordinal + 1
        }
    }
}
