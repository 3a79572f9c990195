import FeatureHostCore
import Foundation

/// Keeps the greeting's view state: a timer wakes it each second on the context's clock; Enter waves.
@MainActor
public final class GreetingPresenter: Presenter {
    public enum Action: PresenterAction {
        case tick
        case wave
        case lifecycle(LifecycleEvent)
    }

    public struct ViewState: Equatable {
        public var greeting: String
        /// How long the screen has been open, `00:00:07`.
        public var elapsed: String
        /// The wall-clock time, `12:34:07` or `12:34:07 PM`.
        public var clock: String
        public var waves: String
        public var paused: Bool
    }

    public private(set) var viewState: ViewState {
        didSet { observers.publish(viewState, old: oldValue) }
    }
    private let observers = StateObservers<ViewState>()
    private let context: FeatureContext
    private let timeline: MonotonicTimeline
    private let clockFormatter: DateFormatter
    private var waveCount = 0
    private var timer: Task<Void, Never>?

    init(name: String, context: FeatureContext) {
        self.context = context
        timeline = context.makeTimeline()
        clockFormatter = DateFormatter()
        clockFormatter.locale = Locale(identifier: "en_US_POSIX")
        clockFormatter.timeZone = context.timeZone
        clockFormatter.dateFormat = context.hourCycle == .twelveHour ? "hh:mm:ss a" : "HH:mm:ss"
        viewState = ViewState(
            greeting: "Hello, \(name)!", elapsed: "00:00:00", clock: clockFormatter.string(from: context.now()),
            waves: "No waves yet", paused: false)
    }

    /// Sleeps to whole-second deadlines of the timeline, so no tick drifts or is skipped.
    func start() {
        guard timer == nil else { return }
        timer = Task { @MainActor [weak self, timeline] in
            var next = Duration.seconds(1)
            while !Task.isCancelled {
                do { try await timeline.sleep(until: next) } catch { return }
                self?.send(.tick)
                next = .seconds(Int64(timeline.now.seconds) + 1)
            }
        }
    }

    public func send(_ action: Action) {
        var state = viewState
        switch action {
        case .tick:
            state.elapsed = Self.elapsedText(timeline.now)
            state.clock = clockFormatter.string(from: context.now())
        case .wave:
            waveCount += 1
            state.waves = waveCount == 1 ? "Waved once" : "Waved \(waveCount) times"
        case .lifecycle(.appear):
            start()
        case .lifecycle(let event):
            state.paused = event == .didEnterBackground
        }
        viewState = state
    }

    public func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation { observers.add(onChange) }

    static func elapsedText(_ duration: Duration) -> String {
        let total = Int(duration.seconds)
        let hours = total / 3600
        let minutes = total / 60 % 60
        let seconds = total % 60
        return [hours, minutes, seconds].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }

    deinit { timer?.cancel() }
}
