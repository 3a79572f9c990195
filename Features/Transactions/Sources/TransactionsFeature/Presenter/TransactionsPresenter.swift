import FeatureHostCore
import Foundation

/// The Transactions and Insights tabs: filter, selection, pins and sums, all read from one `TransactionStore`.
@MainActor
public final class TransactionsPresenter: Presenter {
    public enum Action: PresenterAction {
        case lifecycle(LifecycleEvent)
        /// Loads from the configured source; again after a failure or an offline copy (what is shown stays meanwhile).
        case reload
        /// Sent by the presenter when a load ends.
        case finishedLoading(Result<Loaded<[Transaction]>, FeatureError>)
        /// Tab: Transactions ↔ Insights.
        case switchTab
        case chooseFilter(CategoryFilter)
        /// ←/→: the previous or next filter, stopping at the ends.
        case moveFilter(by: Int)
        /// ↑/↓ and PgUp/PgDn: another transaction, stopping at the ends.
        case moveSelection(by: Int)
        /// Space/Enter: pins or unpins the selected transaction.
        case togglePin
    }

    public private(set) var viewState: ViewState
    public let store: TransactionStore
    private let source: AnyDataSource<Loaded<[Transaction]>>
    private let formatting: TransactionFormatting
    private let observers = StateObservers<ViewState>()

    private var tab: Tab = .transactions
    private var filter: CategoryFilter = .all
    /// The selected transaction's position in `store.transactions`; kept across filters while it is visible.
    private var selectedPosition: Int?
    private var status: ViewState.Status = .loading(TransactionsPresenter.loadingMessage)
    private var origin: DataOrigin = .fresh
    /// Why the last reload failed while older data stays on screen.
    private var reloadFailure: String?
    private var loading: Task<Void, Never>?

    public static let loadingMessage = "Loading transactions…"
    public static let sumLabel = "Total spent:"
    public static let insightsTotalLabel = "Total spent"
    /// Shown with a failed load, a failed reload or an offline copy.
    public static let retryHint = "Press r to try again."

    public init(
        source: AnyDataSource<Loaded<[Transaction]>>, store: TransactionStore, formatting: TransactionFormatting
    ) {
        self.source = source
        self.store = store
        self.formatting = formatting
        viewState = ViewState(
            tab: .transactions, tabs: [], status: .loading(Self.loadingMessage), notice: nil, offersRetry: false,
            filters: [],
            rows: TransactionRows(), selectedRow: nil, emptyMessage: nil, sum: nil, insights: nil)
        viewState = makeViewState()
    }

    /// Frames requested so far.
    public var changeCount: Int { observers.changeCount }

    public func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation {
        observers.add(onChange)
    }

    public func send(_ action: Action) {
        switch action {
        case .lifecycle(.appear):
            startLoading()
        case .lifecycle:
            // Pins are saved on every change, and the data has no clock: nothing to pause or resume.
            return
        case .reload:
            startLoading()
        case .finishedLoading(let result):
            loading = nil
            finishLoading(result)
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
            guard status == .loaded, let selectedPosition else { return }
            store.togglePin(at: selectedPosition)
        }
        update()
    }

    // MARK: - Loading

    private func startLoading() {
        guard loading == nil else { return }
        if status != .loaded { status = .loading(Self.loadingMessage) }
        let source = self.source
        loading = Task { [weak self] in
            let result: Result<Loaded<[Transaction]>, FeatureError>
            do {
                result = .success(try await source.load())
            } catch {
                result = .failure(FeatureError(error.userFacingMessage))
            }
            self?.send(.finishedLoading(result))
        }
    }

    private func finishLoading(_ result: Result<Loaded<[Transaction]>, FeatureError>) {
        switch result {
        case .success(let loaded):
            let selectedID = selectedPosition.map { store.transactions[$0].id }
            store.replace(with: loaded.value)
            origin = loaded.origin
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

    // MARK: - Filter and selection

    private func choose(_ newFilter: CategoryFilter) {
        filter = newFilter
        keepSelectionVisible()
    }

    /// Keeps the selected transaction when the filter shows it, else selects the filter's first one.
    private func keepSelectionVisible() {
        let positions = store.positions(in: filter)
        if let selectedPosition, Self.row(of: selectedPosition, in: positions) != nil { return }
        selectedPosition = positions.first
    }

    private func moveSelection(by offset: Int) {
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

    private func update() {
        let old = viewState
        viewState = makeViewState()
        observers.publish(viewState, old: old)
    }

    private func makeViewState() -> ViewState {
        let tabs = Tab.allCases.map { ViewState.TabItem(title: $0.title, isSelected: $0 == tab) }
        let filters = CategoryFilter.allCases.map {
            ViewState.FilterButton(title: $0.title, colorName: $0.colorName, isSelected: $0 == filter)
        }
        guard status == .loaded else {
            return ViewState(
                tab: tab, tabs: tabs, status: status, notice: store.pinsWarning, offersRetry: offersRetry,
                filters: filters, rows: TransactionRows(), selectedRow: nil, emptyMessage: nil, sum: nil, insights: nil)
        }
        let positions = store.positions(in: filter)
        let rows = TransactionRows(
            transactions: store.transactions, positions: positions, pinned: store.pinned, formatting: formatting)
        let sum = ViewState.FloatingSum(
            title: filter.title, colorName: filter.colorName, label: Self.sumLabel,
            amount: formatting.money(store.pinnedTotal(in: filter)))
        return ViewState(
            tab: tab, tabs: tabs, status: .loaded, notice: notice, offersRetry: offersRetry, filters: filters,
            rows: rows,
            selectedRow: selectedPosition.flatMap { Self.row(of: $0, in: positions) },
            emptyMessage: positions.isEmpty ? emptyMessage : nil, sum: sum, insights: insights())
    }

    private var emptyMessage: String {
        filter == .all ? "No transactions." : "No \(filter.title) transactions."
    }

    /// A load can be tried again when the last one failed or only an offline copy could be shown.
    private var offersRetry: Bool {
        switch status {
        case .failed: return true
        case .loading: return false
        case .loaded: break
        }
        if case .cached = origin { return true }
        return reloadFailure != nil
    }

    private var notice: String? {
        var notices: [String] = []
        if let reloadFailure { notices.append(reloadFailure) }
        if case .cached(let savedAt, let reason) = origin {
            notices.append("Offline: showing the copy saved \(formatting.moment(savedAt)). \(reason)")
        }
        if !notices.isEmpty { notices.append(Self.retryHint) }
        if let warning = store.pinsWarning { notices.append(warning) }
        return notices.isEmpty ? nil : notices.joined(separator: " ")
    }

    private func insights() -> ViewState.Insights {
        let totals = TransactionCategory.allCases.map { store.pinnedTotal(in: .category($0)) }
        let shares = CategoryShares.perMille(of: totals)
        let rows = TransactionCategory.allCases.enumerated().map { index, category in
            ViewState.InsightRow(
                title: category.title, colorName: category.colorName, amount: formatting.money(totals[index]),
                share: formatting.percent(perMille: shares[index]), perMille: shares[index])
        }
        return ViewState.Insights(
            rows: rows, totalLabel: Self.insightsTotalLabel, total: formatting.money(store.pinnedTotal(in: .all)))
    }
}
