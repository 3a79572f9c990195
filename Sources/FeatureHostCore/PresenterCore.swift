import Observation

/// The glue every presenter shares, written once: the published view state behind its equality guard, and the
/// effects and timers whose outcomes come back to the presenter as actions, through its `send`.
///
/// A presenter holds one, forwards `viewState` to it and calls `connect(self)` at the end of its initialiser.
/// A surface that reads `presenter.viewState` inside `withObservationTracking` reads this object's observed
/// `viewState`, so it tracks it: the presenter's own stored properties need no observation.
@MainActor
public final class PresenterCore<Action, ViewState: Equatable>: Observable {
    // Observed by hand, not with `@Observable`: in a generic class the macro's `\.viewState` literal is a new key path
    // at every read and write (the runtime instantiates generic key paths anew), a fifth of a ticking page's main-actor
    // time (issue 37). This one is made once.
    private let registrar = ObservationRegistrar()
    private let viewStateKey: KeyPath<PresenterCore, ViewState>
    private var current: ViewState

    /// What the screen shows. Set only by `publish`.
    public var viewState: ViewState {
        registrar.access(self, keyPath: viewStateKey)
        return current
    }
    /// How many times `viewState` really changed: a count for tests and benchmarks, not a contract. Not observed.
    public private(set) var changeCount = 0
    /// The presenter's runner: its work and timers are cancelled with it.
    public let effects: EffectRunner
    /// The presenter's `send`, held weakly: finished work of a presenter that has gone is dropped.
    private var send: @MainActor (Action) -> Void = { _ in }

    public init(_ viewState: ViewState, effects: EffectRunner) {
        current = viewState
        self.effects = effects
        viewStateKey = \PresenterCore.viewState
    }

    /// Where the outcomes of `run` and `timer` go from now on: `presenter.send`.
    public func connect<P: Presenter>(_ presenter: P) where P.Action == Action {
        send = { [weak presenter] action in presenter?.send(action) }
    }

    /// An equal state is no change: nothing counted, nothing for a surface to render.
    public func publish(_ new: ViewState) {
        guard new != current else { return }
        registrar.withMutation(of: self, keyPath: viewStateKey) { current = new }
        changeCount += 1
    }

    /// Runs `work` off the main actor as effect `id` (see `EffectRunner.run`) and sends the action `outcome`
    /// makes of its value.
    public func run<Value: Sendable>(
        _ id: String, work: @escaping @concurrent @Sendable () async -> Value,
        then outcome: @escaping @MainActor (Value) -> Action
    ) {
        effects.run(id, work: work, apply: { [weak self] value in self?.send(outcome(value)) })
    }

    /// The throwing form: the error reaches the action as a `FeatureError` with the message a person can act on.
    public func run<Value: Sendable>(
        _ id: String, work: @escaping @concurrent @Sendable () async throws -> Value,
        then outcome: @escaping @MainActor (Result<Value, FeatureError>) -> Action
    ) {
        effects.run(
            id, work: work,
            apply: { [weak self] result in
                self?.send(outcome(result.mapError { FeatureError($0.userFacingMessage) }))
            })
    }

    /// Starts timer `id` unless it runs (see `EffectRunner.timer`): at each deadline it sends the action `fire`
    /// makes, if any.
    public func timer(
        _ id: String, on timeline: MonotonicTimeline, nextDeadline: @escaping @MainActor () -> Duration?,
        fire: @escaping @MainActor () -> Action?
    ) {
        effects.timer(
            id, on: timeline, nextDeadline: nextDeadline,
            fire: { [weak self] in
                guard let self, let action = fire() else { return }
                self.send(action)
            })
    }

    public func cancel(_ id: String) { effects.cancel(id) }
}
