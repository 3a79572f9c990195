import FeatureHostCore
import Foundation
import Observation

/// The Transactions and Insights tabs: filter, selection, pins and sums, all read from one `TransactionsModel`
/// that only this presenter holds, so every change goes through `send` and the view state never goes stale.
@MainActor
@Observable
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

    public typealias ViewState = TransactionsViewState

    public var viewState: ViewState { core.viewState }
    /// Real changes of `viewState` so far, for tests and the benchmark.
    public var changeCount: Int { core.changeCount }

    /// What the screen is; `viewState` is derived from it after each action.
    @ObservationIgnored private var model = TransactionsModel()
    @ObservationIgnored private let pins: any PinClient
    @ObservationIgnored private let source: AnyDataSource<Loaded<[Transaction]>>
    @ObservationIgnored private var formatting: TransactionFormatting
    @ObservationIgnored private let core: PresenterCore<Action, ViewState>

    nonisolated static let loadingMessage = "Loading transactions…"
    nonisolated static let sumLabel = "Total spent:"
    nonisolated static let insightsTotalLabel = "Total spent"
    private static let loadEffect = "load"
    private static let savePinsEffect = "save-pins"
    private static let readPinsEffect = "read-pins"

    /// Reads and loads nothing until `.lifecycle(.appear)`: each load reads the saved pins with the transactions,
    /// off the main actor (a warning in the view state when they are unreadable).
    public init(
        source: AnyDataSource<Loaded<[Transaction]>>, pins: any PinClient, formatting: TransactionFormatting,
        effects: EffectRunner
    ) {
        self.source = source
        self.pins = pins
        self.formatting = formatting
        core = PresenterCore(model.viewState(formatting: formatting), effects: effects)
        core.connect(self)
        pins.observeChanges(self) { presenter in presenter.send(.savedPinsChanged) }
    }

    /// Formats with other conventions from now on: what is shown is derived again, nothing else changes.
    public func reformat(_ formatting: TransactionFormatting) {
        self.formatting = formatting
        core.publish(model.viewState(formatting: formatting))
    }

    /// The one shape of a presenter: the action applied to the model, the view state derived from it (an equal
    /// one is no change), then the work the model asked for.
    public func send(_ action: Action) {
        let work = model.apply(action)
        core.publish(model.viewState(formatting: formatting))
        for item in work { run(item) }
    }

    /// Runs off the main actor through the effect runner, which counts the work in flight until its outcome,
    /// sent back as an action, has been applied here.
    private func run(_ work: TransactionsModel.Work) {
        switch work {
        case .load:
            let (source, pins) = (self.source, self.pins)
            core.run(
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
                then: { .finishedLoading($0.transactions, pins: $0.pins) })
        case .savePins(let changes):
            let pins = self.pins
            core.run(Self.savePinsEffect, work: { try await pins.save(changes) }, then: Action.finishedSavingPins)
        case .readPins:
            let pins = self.pins
            core.run(Self.readPinsEffect, work: { try await pins.unpinnedIDs() }, then: Action.finishedReadingPins)
        }
    }
}

/// What the load effect hands back: the transactions, and the saved pins read beside them.
private struct LoadOutcome: Sendable {
    var transactions: Result<Loaded<[Transaction]>, FeatureError> = .failure(FeatureError("not loaded"))
    var pins: Result<Set<Int>, FeatureError> = .success([])
}
