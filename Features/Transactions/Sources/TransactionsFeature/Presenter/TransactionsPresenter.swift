import FeatureHostCore
import Foundation

/// The Transactions and Insights tabs: filter, selection, pins and sums, all read from one `TransactionStore`
/// that only this presenter holds, so every change goes through `send` and the view state never goes stale.
@MainActor
public final class TransactionsPresenter: Presenter {
    public enum Action: PresenterAction {
        /// `.appear` starts the first load; background and foreground change nothing.
        case lifecycle(LifecycleEvent)
        /// Loads from the configured source; again after a failure or an offline copy (what is shown stays meanwhile).
        case reload
        /// A load's outcome and the saved pins it read: what the load effect applies, through `send` like every
        /// other change.
        case finishedLoading(Result<Loaded<[Transaction]>, FeatureError>, pins: Result<Set<Int>, FeatureError>)
        /// A pin save's outcome: the unpinned ids now kept, or why the changes it carried were not kept.
        case finishedSavingPins(Result<Set<Int>, FeatureError>)
        /// The saved pins were changed elsewhere (another page or the shell of this run, another process): read
        /// them again, so every screen of the run shows the same pins.
        case savedPinsChanged
        /// That read's outcome.
        case finishedReadingPins(Result<Set<Int>, FeatureError>)
        /// Transactions ↔ Insights.
        case switchTab
        case chooseFilter(CategoryFilter)
        /// The previous or next filter, stopping at the ends.
        case moveFilter(by: Int)
        /// Another transaction of the filter, `offset` rows away, stopping at the ends.
        case moveSelection(by: Int)
        /// Pins or unpins the selected transaction.
        case togglePin
    }

    public private(set) var viewState: ViewState {
        didSet { observers.publish(viewState, old: oldValue) }
    }
    private let store = TransactionStore()
    private let pins: any PinStorage
    private let source: AnyDataSource<Loaded<[Transaction]>>
    private let formatting: TransactionFormatting
    private let effects: EffectRunner
    private let observers = StateObservers<ViewState>()

    private var tab: Tab = .transactions
    private var filter: CategoryFilter = .all
    /// The selected transaction's position in `store.transactions`; kept across filters while it is visible.
    private var selectedPosition: Int?
    private var status: ViewState.Status = .loading(TransactionsPresenter.loadingMessage)
    private var origin: DataOrigin = .fresh
    /// What the source said besides the data (a damaged cache moved aside): shown until the next load.
    private var sourceNotices: [String] = []
    /// Why the last reload failed while older data stays on screen.
    private var reloadFailure: String?
    /// Why the last pin save failed, until one succeeds.
    private var pinsSaveFailure: String?
    /// `store.savesFinished` when the load under way started, so its read of the pins is not taken over a newer save.
    private var savesFinishedAtLoad = 0
    /// The same for a read of the pins alone (after they changed elsewhere).
    private var savesFinishedAtRead = 0
    /// Whether `.appear` came: before it nothing is read (the first load reads the pins).
    private var hasAppeared = false

    static let loadingMessage = "Loading transactions…"
    static let sumLabel = "Total spent:"
    static let insightsTotalLabel = "Total spent"
    private static let loadEffect = "load"
    private static let savePinsEffect = "save-pins"
    private static let readPinsEffect = "read-pins"

    /// Reads and loads nothing until `.lifecycle(.appear)`: each load reads the saved pins with the transactions,
    /// off the main actor (a warning in the view state when they are unreadable).
    public init(
        source: AnyDataSource<Loaded<[Transaction]>>, pins: any PinStorage, formatting: TransactionFormatting,
        effects: EffectRunner
    ) {
        self.source = source
        self.pins = pins
        self.formatting = formatting
        self.effects = effects
        viewState = ViewState(
            tab: .transactions, tabs: [], status: .loading(Self.loadingMessage), notice: nil, pinsWarning: nil,
            canRetry: false, filters: [], rows: TransactionRows(), selectedRow: nil, emptyMessage: nil, sum: nil,
            insights: nil)
        viewState = makeViewState()
        pins.observeChanges(self) { presenter in presenter.send(.savedPinsChanged) }
    }

    /// Frames requested so far.
    public var changeCount: Int { observers.changeCount }

    public func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation {
        observers.add(onChange)
    }

    public func send(_ action: Action) {
        switch action {
        case .lifecycle(.appear):
            hasAppeared = true
            startLoading()
        case .lifecycle:
            // Pins are saved on every change, and the data has no clock: nothing to pause or resume.
            return
        case .reload:
            startLoading()
        case .finishedLoading(let result, let pins):
            store.readPins(pins, savesFinishedBefore: savesFinishedAtLoad)
            finishLoading(result)
        case .finishedSavingPins(let result):
            finishSavingPins(result)
        case .savedPinsChanged:
            startReadingPins()
        case .finishedReadingPins(let result):
            finishReadingPins(result)
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
            saveWaitingPins()
        }
        viewState = makeViewState()
    }

    // MARK: - Loading

    /// Loads off the main actor through the effect runner, which counts the load in flight until its result
    /// has been applied here. A load already running is not started twice.
    private func startLoading() {
        guard !effects.isRunning(Self.loadEffect) else { return }
        if status != .loaded { status = .loading(Self.loadingMessage) }
        savesFinishedAtLoad = store.savesFinished
        let (source, pins) = (self.source, self.pins)
        effects.run(
            Self.loadEffect,
            work: { () async -> LoadOutcome in
                var outcome = LoadOutcome()
                do {
                    outcome.pins = .success(try await pins.unpinnedIDs())
                } catch {
                    outcome.pins = .failure(FeatureError(error.userFacingMessage))
                }
                do {
                    outcome.transactions = .success(try await source.load())
                } catch {
                    outcome.transactions = .failure(FeatureError(error.userFacingMessage))
                }
                return outcome
            },
            apply: { [weak self] outcome in self?.send(.finishedLoading(outcome.transactions, pins: outcome.pins)) })
    }

    private func finishLoading(_ result: Result<Loaded<[Transaction]>, FeatureError>) {
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

    /// Saves the pin changes that wait, unless a save is under way: its end starts the next, so saves of one
    /// session never overtake each other.
    private func saveWaitingPins() {
        guard let changes = store.changesToSave() else { return }
        let pins = self.pins
        effects.run(
            Self.savePinsEffect, work: { try await pins.save(changes) },
            apply: { [weak self] result in
                self?.send(.finishedSavingPins(result.mapError { FeatureError($0.userFacingMessage) }))
            })
    }

    /// Reads the saved pins again (they changed elsewhere), off the main actor; a read under way is replaced.
    private func startReadingPins() {
        guard hasAppeared else { return }
        savesFinishedAtRead = store.savesFinished
        let pins = self.pins
        effects.run(
            Self.readPinsEffect, work: { try await pins.unpinnedIDs() },
            apply: { [weak self] result in
                self?.send(.finishedReadingPins(result.mapError { FeatureError($0.userFacingMessage) }))
            })
    }

    /// A save of this screen's that finished meanwhile may have read the file before the change: read again.
    private func finishReadingPins(_ result: Result<Set<Int>, FeatureError>) {
        guard savesFinishedAtRead == store.savesFinished else { return startReadingPins() }
        store.readPins(result, savesFinishedBefore: savesFinishedAtRead)
    }

    private func finishSavingPins(_ result: Result<Set<Int>, FeatureError>) {
        let lost = store.saveFinished(result)
        switch result {
        case .success: pinsSaveFailure = nil
        case .failure(let error): pinsSaveFailure = notSavedMessage(lost, reason: error.message)
        }
        saveWaitingPins()
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

    private func makeViewState() -> ViewState {
        let tabs = Tab.allCases.map { ViewState.TabItem(title: $0.title, isSelected: $0 == tab) }
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
            title: filter.title, color: filter.color, label: Self.sumLabel,
            amount: formatting.money(store.pinnedTotal(in: filter)))
        return ViewState(
            tab: tab, tabs: tabs, status: .loaded, notice: notice, pinsWarning: pinsWarning, canRetry: canRetry,
            filters: filters, rows: rows,
            selectedRow: selectedPosition.flatMap { Self.row(of: $0, in: positions) },
            emptyMessage: positions.isEmpty ? emptyMessage : nil, sum: sum, insights: insights())
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
    private var notice: String? {
        var notices: [String] = []
        if let reloadFailure { notices.append(reloadFailure) }
        if case .cached(let savedAt, let reason) = origin {
            notices.append("Offline: showing the copy saved \(formatting.moment(savedAt)). \(reason)")
        }
        notices += sourceNotices
        return notices.isEmpty ? nil : notices.joined(separator: " ")
    }

    private func insights() -> ViewState.Insights {
        let totals = TransactionCategory.allCases.map { store.pinnedTotal(in: .category($0)) }
        let shares = CategoryShares.perMille(of: totals)
        let rows = TransactionCategory.allCases.enumerated().map { index, category in
            ViewState.InsightRow(
                title: category.title, color: category.color, amount: formatting.money(totals[index]),
                share: formatting.percent(perMille: shares[index]), perMille: shares[index])
        }
        return ViewState.Insights(
            rows: rows, totalLabel: Self.insightsTotalLabel, total: formatting.money(store.pinnedTotal(in: .all)))
    }
}

/// What the load effect hands back: the transactions, and the saved pins read beside them.
private struct LoadOutcome: Sendable {
    var transactions: Result<Loaded<[Transaction]>, FeatureError> = .failure(FeatureError("not loaded"))
    var pins: Result<Set<Int>, FeatureError> = .success([])
}
