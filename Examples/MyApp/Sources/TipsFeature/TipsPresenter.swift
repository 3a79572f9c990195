import FeatureHostCore
import Observation

/// Which tip is shown; `next` and `previous` go round the list.
@MainActor
@Observable
public final class TipsPresenter: Presenter {
    public enum Action: PresenterAction {
        case next
        case previous
        case lifecycle(LifecycleEvent)
    }

    public struct ViewState: Equatable {
        public var tip: String
        /// `Tip 2 of 4`.
        public var position: String
    }

    nonisolated static let tips = [
        "Turn a feature on or off in featurehost.json; `myapp validate` checks the file first.",
        "`myapp serve` shows every feature on a web page of its own address.",
        "`myapp snapshot tips` prints this screen without a terminal.",
        "A plugin named in \"plugins\" appears beside the app's own features.",
    ]

    public var viewState: ViewState { core.viewState }
    public var changeCount: Int { core.changeCount }
    @ObservationIgnored private let core: PresenterCore<Action, ViewState>
    @ObservationIgnored private var index: Int

    /// - Parameter effects: the runner `PresenterCore` holds; tips start no work.
    init(first: Int, effects: EffectRunner) {
        index = min(max(first, 0), Self.tips.count - 1)
        core = PresenterCore(Self.state(at: index), effects: effects)
    }

    public func send(_ action: Action) {
        switch action {
        case .next: index = (index + 1) % Self.tips.count
        case .previous: index = (index + Self.tips.count - 1) % Self.tips.count
        case .lifecycle: break
        }
        core.publish(Self.state(at: index))
    }

    static func state(at index: Int) -> ViewState {
        ViewState(tip: tips[index], position: "Tip \(index + 1) of \(tips.count)")
    }
}
