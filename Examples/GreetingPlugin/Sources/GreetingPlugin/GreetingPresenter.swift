import FeatureHostCore
import Foundation
import Observation

/// Keeps the greeting's view state: a timer wakes it each second on the context's clock; Enter waves.
@MainActor
@Observable
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

    public var viewState: ViewState { core.viewState }
    /// How many times the view state changed: the frames the presenter asked for.
    public var changeCount: Int { core.changeCount }

    @ObservationIgnored private let core: PresenterCore<Action, ViewState>
    @ObservationIgnored private let timeline: MonotonicTimeline
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let clockFormatter: DateFormatter
    @ObservationIgnored private var waveCount = 0

    /// Takes only what it uses from the context: effects and a timeline on the host's clock, and the wall
    /// clock in the user's time zone and hour cycle.
    init(
        name: String, effects: EffectRunner, timeline: MonotonicTimeline, now: @escaping @Sendable () -> Date,
        timeZone: TimeZone, hourCycle: HourCycle
    ) {
        self.timeline = timeline
        self.now = now
        clockFormatter = DateFormatter()
        clockFormatter.locale = Locale(identifier: "en_US_POSIX")
        clockFormatter.timeZone = timeZone
        clockFormatter.dateFormat = Self.clockFormat(hourCycle)
        let first = ViewState(
            greeting: "Hello, \(name)!", elapsed: "00:00:00", clock: clockFormatter.string(from: now()),
            waves: "No waves yet", paused: false)
        core = PresenterCore(first, effects: effects)
        core.connect(self)
    }

    /// The user's time zone or hour cycle changed: the clock reads the new way now, nothing else changes.
    public func reformat(timeZone: TimeZone, hourCycle: HourCycle) {
        clockFormatter.timeZone = timeZone
        clockFormatter.dateFormat = Self.clockFormat(hourCycle)
        var state = viewState
        state.clock = clockFormatter.string(from: now())
        core.publish(state)
    }

    static func clockFormat(_ hourCycle: HourCycle) -> String { hourCycle == .twelveHour ? "hh:mm:ss a" : "HH:mm:ss" }

    public func send(_ action: Action) {
        var state = viewState
        switch action {
        case .tick:
            state.elapsed = Self.elapsedText(timeline.now)
            state.clock = clockFormatter.string(from: now())
        case .wave:
            waveCount += 1
            state.waves = waveCount == 1 ? "Waved once" : "Waved \(waveCount) times"
        case .lifecycle(.appear):
            startTimer()
        case .lifecycle(let event):
            state.paused = event == .didEnterBackground
        }
        core.publish(state)
    }

    /// Sleeps to whole-second deadlines of the timeline, so no tick drifts or is skipped. The runner keeps one
    /// timer per id, so a second `.appear` starts nothing new.
    private func startTimer() {
        core.timer(
            "tick", on: timeline, nextDeadline: { [timeline] in .seconds(Int64(timeline.now.seconds) + 1) }, fire: { .tick })
    }

    static func elapsedText(_ duration: Duration) -> String {
        let total = Int(duration.seconds)
        let hours = total / 3600
        let minutes = total / 60 % 60
        let seconds = total % 60
        return [hours, minutes, seconds].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }
}
