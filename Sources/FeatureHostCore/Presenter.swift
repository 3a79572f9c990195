import Foundation

/// Turns input, ticks and responses into a plain view state. Never touches a terminal.
@MainActor
public protocol Presenter: AnyObject {
    associatedtype Action: PresenterAction
    associatedtype ViewState: Equatable

    /// Everything the screen shows, already formatted.
    var viewState: ViewState { get }
    /// The one entry point: user input, ticks, responses and lifecycle events.
    func send(_ action: Action)
    /// Calls `onChange` after every change of `viewState` until the observation is cancelled. Each call is a
    /// request for one frame.
    func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation
}

/// Actions carry lifecycle events, so the host reaches every presenter through `send(_:)`.
/// An enum satisfies this with `case lifecycle(LifecycleEvent)`.
public protocol PresenterAction {
    static func lifecycle(_ event: LifecycleEvent) -> Self
}

extension Presenter {
    public func send(lifecycle event: LifecycleEvent) { send(.lifecycle(event)) }
}

/// Keeps a presenter's observers and notifies them only when the state really changed.
@MainActor
public final class StateObservers<State: Equatable> {
    private var observers: [(token: StateObservation, onChange: @MainActor (State) -> Void)] = []
    /// How many change notifications were sent: the number of frames the presenter asked for.
    public private(set) var changeCount = 0

    public init() {}

    public func add(_ onChange: @escaping @MainActor (State) -> Void) -> StateObservation {
        let token = StateObservation()
        observers.append((token, onChange))
        return token
    }

    /// Notifies when `new` differs from `old`. Cancelled observers are skipped, and dropped only when there
    /// are some: this runs on every frame, and `removeAll(where:)` each time is most of its cost in the
    /// unoptimised builds tests run.
    public func publish(_ new: State, old: State) {
        guard new != old else { return }
        changeCount += 1
        var notified = 0
        for observer in observers where !observer.token.isCancelled {
            observer.onChange(new)
            notified += 1
        }
        if notified < observers.count { observers.removeAll { $0.token.isCancelled } }
    }
}

/// An observation that lasts until `cancel()` is called or the token is released.
public final class StateObservation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    deinit { cancel() }
}
