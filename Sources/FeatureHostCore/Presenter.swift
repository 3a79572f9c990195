import Observation

/// Turns input, ticks and responses into a plain view state. Never touches a terminal.
///
/// Presenters are `@Observable`: a surface host renders inside `withObservationTracking` (`RenderLoop`) and
/// renders again, once, when what it read changes. So `viewState` changes only through an equality guard: a
/// send that leaves it equal is no change and schedules no render. `PresenterCore` holds that guard once for
/// every presenter, with the effects whose outcomes come back as actions:
///
/// ```swift
/// @ObservationIgnored private let core: PresenterCore<Action, ViewState>
/// public var viewState: ViewState { core.viewState }          // tracked: it reads the core's observed state
///
/// public func send(_ action: Action) {
///     let work = model.apply(action, at: timeline.now)       // the pure state machine
///     core.publish(model.viewState())                        // the equality guard
///     for item in work { run(item) }                         // core.run(id, work: { … }, then: Action.finished)
/// }
/// ```
@MainActor
public protocol Presenter: AnyObject, Observable {
    associatedtype Action: PresenterAction
    associatedtype ViewState: Equatable

    /// Everything the screen shows, already formatted. Observable: reading it inside a render tracks it.
    var viewState: ViewState { get }
    /// The one entry point: user input, ticks, responses and lifecycle events.
    func send(_ action: Action)
}

/// Actions carry lifecycle events, so the host reaches every presenter through `send(_:)`.
/// An enum satisfies this with `case lifecycle(LifecycleEvent)`.
public protocol PresenterAction {
    static func lifecycle(_ event: LifecycleEvent) -> Self
}

extension Presenter {
    public func send(lifecycle event: LifecycleEvent) { send(.lifecycle(event)) }
}
