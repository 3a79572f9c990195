import Observation

/// Turns input, ticks and responses into a plain view state. Never touches a terminal.
///
/// Presenters are `@Observable`: a surface host renders inside `withObservationTracking` (`RenderLoop`) and
/// renders again, once, when what it read changes. So `viewState` is a stored `private(set)` property that
/// changes only through an equality guard: a send that leaves it equal is no change, counts nothing and
/// schedules no render. Each conformer writes it the same way:
///
/// ```swift
/// public private(set) var viewState: ViewState
/// @ObservationIgnored public private(set) var changeCount = 0
///
/// private func publish(_ new: ViewState) {
///     guard new != viewState else { return }
///     viewState = new
///     changeCount += 1
/// }
/// ```
@MainActor
public protocol Presenter: AnyObject, Observable {
    associatedtype Action: PresenterAction
    associatedtype ViewState: Equatable

    /// Everything the screen shows, already formatted. Observable: reading it inside a render tracks it.
    var viewState: ViewState { get }
    /// How many times `viewState` really changed (became unequal to what it was): the one count of changes
    /// that tests and benchmarks read. Not observed.
    var changeCount: Int { get }
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
