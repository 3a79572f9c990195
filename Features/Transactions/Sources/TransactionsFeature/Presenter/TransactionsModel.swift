import FeatureHostCore
import Foundation

/// What the Transactions and Insights tabs are, as a value: the transactions and their pins (`TransactionListModel`),
/// the tab, the filter, the selection, where the data came from and what went wrong. The presenter applies each
/// action to it, derives the view state from it, and runs the work it asks for (a load, a pin save), whose
/// outcome comes back as an action. No I/O and no formatting state here: both stay in the presenter.
struct TransactionsModel {
    /// Work an action asks for; its outcome comes back through `finishedLoading` or `finishedSavingPins`.
    enum Work: Equatable {
        /// Load the transactions, and the saved pins beside them.
        case load
        /// Save these pin changes (id → pinned).
        case savePins([Int: Bool])
        /// Read the saved pins again (they changed elsewhere); the outcome comes back as `finishedReadingPins`.
        case readPins
    }

    typealias Action = TransactionsPresenter.Action
    typealias ViewState = TransactionsPresenter.ViewState

    var store = TransactionListModel()
    var tab: TransactionsPresenter.Tab = .transactions
    var filter: CategoryFilter = .all
    /// The selected transaction's position in `store.transactions`; kept across filters while it is visible.
    var selectedPosition: Int?
    var status: ViewState.Status = .loading(TransactionsPresenter.loadingMessage)
    var origin: DataOrigin = .fresh
    /// What the source said besides the data (a damaged cache moved aside): shown until the next load.
    var sourceNotices: [String] = []
    /// Why the last reload failed while older data stays on screen.
    var reloadFailure: String?
    /// Why the last pin save failed, until one succeeds.
    var pinsSaveFailure: String?
    /// From the start of a load until its outcome is applied: a second one is not started meanwhile.
    var isLoading = false
    /// `store.savesFinished` when the load under way started, so its read of the pins is not taken over a newer save.
    var savesFinishedAtLoad = 0
    /// The same for a read of the pins alone (after they changed elsewhere).
    var savesFinishedAtRead = 0
    /// Whether `.appear` came: before it nothing is read (the first load reads the pins).
    var hasAppeared = false

    /// Applies `action` and returns the work it asks for.
    mutating func apply(_ action: Action) -> [Work] {
        switch action {
        case .lifecycle(.appear):
            hasAppeared = true
            return startLoading()
        case .reload:
            return startLoading()
        case .lifecycle:
            // Pins are saved on every change, and the data has no clock: nothing to pause or resume.
            return []
        case .finishedLoading(let result, let pins):
            isLoading = false
            store.readPins(pins, savesFinishedBefore: savesFinishedAtLoad)
            finishLoading(result)
            return []
        case .finishedSavingPins(let result):
            let lost = store.saveFinished(result)
            switch result {
            case .success: pinsSaveFailure = nil
            case .failure(let error): pinsSaveFailure = notSavedMessage(lost, reason: error.message)
            }
            return savingWaitingPins()
        case .savedPinsChanged:
            return readingPins()
        case .finishedReadingPins(let result):
            // A save of this screen's that finished meanwhile may have read the file before the change: read again.
            guard savesFinishedAtRead == store.savesFinished else { return readingPins() }
            store.readPins(result, savesFinishedBefore: savesFinishedAtRead)
            return []
        case .switchTab:
            tab = tab == .transactions ? .insights : .transactions
        case .chooseFilter(let newFilter):
            choose(newFilter)
        case .moveFilter(let offset):
            let filters = CategoryFilter.allCases
            let index = filters.firstIndex(of: filter) ?? 0
            choose(filters[min(max(index + offset, 0), filters.count - 1)])
        case .moveSelection(let offset):
            moveSelection(by: offset)
        case .togglePin:
            guard status == .loaded, let selectedPosition else { return [] }
            store.togglePin(at: selectedPosition)
            return savingWaitingPins()
        }
        return []
    }

    // MARK: - Loading

    private mutating func startLoading() -> [Work] {
        guard !isLoading else { return [] }
        isLoading = true
        if status != .loaded { status = .loading(TransactionsPresenter.loadingMessage) }
        savesFinishedAtLoad = store.savesFinished
        return [.load]
    }

    private mutating func finishLoading(_ result: Result<Loaded<[Transaction]>, FeatureError>) {
        switch result {
        case .success(let loaded):
            let selectedID = selectedPosition.map { store.transactions[$0].id }
            store.replace(with: loaded.value)
            origin = loaded.origin
            sourceNotices = loaded.notices
            reloadFailure = nil
            status = .loaded
            selectedPosition = selectedID.flatMap(store.position(ofID:))
            keepSelectionVisible()
        case .failure(let error):
            // A failed reload keeps what is shown and says why in the notice.
            if status == .loaded {
                reloadFailure = "Reload failed: \(error.message)"
            } else {
                status = .failed("Transactions could not be loaded: \(error.message)")
            }
        }
    }

    // MARK: - Saving pins

    /// The pin changes that wait, unless a save is under way: its end asks for the next, so saves of one session
    /// never overtake each other.
    private mutating func savingWaitingPins() -> [Work] {
        store.changesToSave().map { [.savePins($0)] } ?? []
    }

    /// The saved pins changed elsewhere (another page or the shell of this run, another process): read them again,
    /// once the screen has appeared (its first load reads them anyway). A read under way is replaced.
    private mutating func readingPins() -> [Work] {
        guard hasAppeared else { return [] }
        savesFinishedAtRead = store.savesFinished
        return [.readPins]
    }

    /// `Unpinning "Movie Night" was not saved: <reason> The pins shown are the saved ones.`
    private func notSavedMessage(_ lost: [Int: Bool], reason: String) -> String {
        let what: String
        if lost.count == 1, let (id, pinned) = lost.first {
            let name = store.transaction(id: id)?.name ?? "transaction \(id)"
            what = "\(pinned ? "Pinning" : "Unpinning") \"\(name)\" was not saved"
        } else {
            what = "\(lost.count) pin changes were not saved"
        }
        return "\(what): \(reason) The pins shown are the saved ones."
    }

    // MARK: - Filter and selection

    private mutating func choose(_ newFilter: CategoryFilter) {
        filter = newFilter
        keepSelectionVisible()
    }

    /// Keeps the selected transaction when the filter shows it, else selects the filter's first one.
    private mutating func keepSelectionVisible() {
        let positions = store.positions(in: filter)
        if let selectedPosition, Self.row(of: selectedPosition, in: positions) != nil { return }
        selectedPosition = positions.first
    }

    private mutating func moveSelection(by offset: Int) {
        let positions = store.positions(in: filter)
        guard !positions.isEmpty else { return }
        let current = selectedPosition.flatMap { Self.row(of: $0, in: positions) } ?? 0
        selectedPosition = positions[min(max(current + offset, 0), positions.count - 1)]
    }

    /// Binary search: `positions` is ascending.
    private static func row(of position: Int, in positions: [Int]) -> Int? {
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < positions.count && positions[low] == position ? low : nil
    }

    // MARK: - View state

    func viewState(formatting: TransactionFormatting) -> ViewState {
        let tabs = TransactionsPresenter.Tab.allCases.map { ViewState.TabItem(title: $0.title, isSelected: $0 == tab) }
        let filters = CategoryFilter.allCases.map {
            ViewState.FilterButton(title: $0.title, color: $0.color, isSelected: $0 == filter)
        }
        guard status == .loaded else {
            return ViewState(
                tab: tab, tabs: tabs, status: status, notice: nil, pinsWarning: pinsWarning, canRetry: canRetry,
                filters: filters, rows: TransactionRows(), selectedRow: nil, emptyMessage: nil, sum: nil, insights: nil)
        }
        let positions = store.positions(in: filter)
        let rows = TransactionRows(
            transactions: store.transactions, positions: positions, pinned: store.pinned, formatting: formatting)
        let sum = ViewState.FloatingSum(
            title: filter.title, color: filter.color, label: TransactionsPresenter.sumLabel,
            amount: formatting.money(store.pinnedTotal(in: filter)))
        return ViewState(
            tab: tab, tabs: tabs, status: .loaded, notice: notice(formatting), pinsWarning: pinsWarning, canRetry: canRetry,
            filters: filters, rows: rows,
            selectedRow: selectedPosition.flatMap { Self.row(of: $0, in: positions) },
            emptyMessage: positions.isEmpty ? emptyMessage : nil, sum: sum, insights: insights(formatting))
    }

    /// Why the pins shown may not be what the user set: the saved ones could not be read, or a change was not saved.
    private var pinsWarning: String? {
        let parts = [store.pinsWarning, pinsSaveFailure].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    private var emptyMessage: String {
        filter == .all ? "No transactions." : "No \(filter.title) transactions."
    }

    /// A load can be tried again when the last one failed or only an offline copy could be shown.
    private var canRetry: Bool {
        switch status {
        case .failed: return true
        case .loading: return false
        case .loaded: break
        }
        if case .cached = origin { return true }
        return reloadFailure != nil
    }

    /// Why the loaded data may be out of date. Surfaces add their own way to try again (`canRetry`).
    private func notice(_ formatting: TransactionFormatting) -> String? {
        var notices: [String] = []
        if let reloadFailure { notices.append(reloadFailure) }
        if case .cached(let savedAt, let reason) = origin {
            notices.append("Offline: showing the copy saved \(formatting.moment(savedAt)). \(reason)")
        }
        notices += sourceNotices
        return notices.isEmpty ? nil : notices.joined(separator: " ")
    }

    private func insights(_ formatting: TransactionFormatting) -> ViewState.Insights {
        let totals = TransactionCategory.allCases.map { store.pinnedTotal(in: .category($0)) }
        let shares = CategoryShares.perMille(of: totals)
        let rows = TransactionCategory.allCases.enumerated().map { index, category in
            ViewState.InsightRow(
                title: category.title, color: category.color, amount: formatting.money(totals[index]),
                share: formatting.percent(perMille: shares[index]), perMille: shares[index])
        }
        return ViewState.Insights(
            rows: rows, totalLabel: TransactionsPresenter.insightsTotalLabel,
            total: formatting.money(store.pinnedTotal(in: .all)))
    }
}
