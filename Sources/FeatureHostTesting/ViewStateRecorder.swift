import FeatureHostCore
import Observation

/// Records every view state a presenter publishes, in order, each with the instant of its clock it came at: for
/// tests that assert each change, where a surface would render only once per turn.
///
/// Observation reports a change in the property's `willSet`, before the new value is stored; so each report
/// notes the state that held until then (the previous change's new value) and tracks again at once, and the
/// newest state is read when asked for.
@MainActor
public final class ViewStateRecorder<P: Presenter> {
    public struct Change {
        /// The clock's offset when the state was published (zero without a clock).
        public var at: Duration
        public var state: P.ViewState
    }

    public let presenter: P
    private let clock: ManualClock?
    private var recorded: [Change] = []
    /// The instant of the newest change, whose state is the presenter's current one.
    private var newest: Duration?
    /// Given each change instead of keeping it (a long run's hundreds of thousands of states).
    private let each: (@MainActor (Change) -> Void)?

    /// Starts recording: the state the presenter has now is not a change.
    /// - Parameter each: when given, each change is handed to it (one change late: at the next, or at `take()`)
    ///   instead of being kept.
    public init(_ presenter: P, clock: ManualClock? = nil, each: (@MainActor (Change) -> Void)? = nil) {
        self.presenter = presenter
        self.clock = clock
        self.each = each
        track()
    }

    /// Every state published since the recorder was made or last taken from, oldest first.
    public var changes: [Change] {
        guard let newest else { return recorded }
        return recorded + [Change(at: newest, state: presenter.viewState)]
    }

    /// The published states alone.
    public var states: [P.ViewState] { changes.map(\.state) }

    /// Returns the changes and forgets them: the next call returns only what came after. With `each`, hands
    /// it the newest change and returns nothing.
    @discardableResult
    public func take() -> [Change] {
        let all = changes
        recorded = []
        newest = nil
        guard let each else { return all }
        all.forEach(each)
        return []
    }

    private func track() {
        withObservationTracking {
            _ = presenter.viewState
        } onChange: { [weak self] in
            // Presenters live on the main actor: their changes, and so this report, come on it.
            MainActor.assumeIsolated { self?.willChange() }
        }
    }

    private func willChange() {
        if let newest {
            let change = Change(at: newest, state: presenter.viewState)
            if let each { each(change) } else { recorded.append(change) }
        }
        newest = clock?.now.offset ?? .zero
        track()
    }
}
