import FeatureHostCore
import TerminalUI

/// A small feature for shell tests: a seconds counter that pauses in the background, and one button.
@MainActor
final class TickerPresenter: Presenter {
    enum Action: PresenterAction {
        case tick
        case press
        case lifecycle(LifecycleEvent)
    }

    struct ViewState: Equatable {
        var seconds = 0
        var presses = 0
        var paused = false
    }

    private(set) var viewState = ViewState() {
        didSet { observers.publish(viewState, old: oldValue) }
    }
    private let observers = StateObservers<ViewState>()
    private let timeline: MonotonicTimeline
    private var timer: Task<Void, Never>?

    init(timeline: MonotonicTimeline) { self.timeline = timeline }

    func start() {
        timer = Task { @MainActor [weak self, timeline] in
            var next = Duration.seconds(1)
            while !Task.isCancelled {
                do { try await timeline.sleep(until: next) } catch { return }
                self?.send(.tick)
                next += .seconds(1)
            }
        }
    }

    func send(_ action: Action) {
        switch action {
        case .tick where !viewState.paused: viewState.seconds += 1
        case .tick: break
        case .press: viewState.presses += 1
        case .lifecycle(.appear): start()
        case .lifecycle(let event): viewState.paused = event == .didEnterBackground
        }
    }

    func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation { observers.add(onChange) }
}

@MainActor
final class TickerScene: TerminalScene {
    let presenter: TickerPresenter
    init(presenter: TickerPresenter) { self.presenter = presenter }

    var minimumSize: Size { Size(width: 30, height: 5) }
    var keyHints: [KeyHint] { [KeyHint(key: "Enter", action: "press")] }

    func render(size: Size) -> Frame {
        var frame = Frame(size: size)
        let state = presenter.viewState
        frame.put("Ticks: \(state.seconds)\(state.paused ? " (paused)" : "")", at: Point(x: 1, y: 1))
        frame.drawButton("Press", at: Point(x: 1, y: 3), focused: true)
        frame.put("Presses: \(state.presses)", at: Point(x: 12, y: 3))
        return frame
    }

    func handle(_ key: Key) -> KeyHandling {
        guard key == .enter else { return .ignored }
        presenter.send(.press)
        return .handled
    }

    func observe(_ onChange: @escaping @MainActor () -> Void) -> StateObservation {
        presenter.observe { _ in onChange() }
    }
}

struct TickerFeature: TerminalFeature, PresenterFeature {
    static let manifest = FeatureManifest(id: "ticker", title: "Ticker", summary: "Counts seconds in the foreground.")
    let presenter: TickerPresenter

    @MainActor init(context: FeatureContext) throws {
        presenter = TickerPresenter(timeline: context.makeTimeline())
    }

    @MainActor func makeScene() -> any TerminalScene { TickerScene(presenter: presenter) }
}

struct BrokenFeature: TerminalFeature {
    static let manifest = FeatureManifest(id: "broken", title: "Broken", summary: "Fails to start.")
    @MainActor init(context: FeatureContext) throws { throw FeatureError("its data file is missing") }
    @MainActor func handle(_ event: LifecycleEvent) {}
    @MainActor func makeScene() -> any TerminalScene { TickerScene(presenter: TickerPresenter(timeline: MonotonicTimeline(clock: ManualClock()))) }
}
