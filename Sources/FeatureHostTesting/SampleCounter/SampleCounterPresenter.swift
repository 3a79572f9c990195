import FeatureHostCore
import Foundation
import Observation

/// Counts seconds while in the foreground (a timer that stops in the background), counts presses, shows the
/// wall-clock time of the last tick, and fetches one URL when the feature appears, if it was given one.
@MainActor
@Observable
public final class SampleCounterPresenter: Presenter {
    public enum Action: PresenterAction, Equatable, Sendable {
        case tick
        case press
        case fetched(String)
        case lifecycle(LifecycleEvent)
    }

    public struct ViewState: Equatable, Sendable {
        /// Timer ticks, one a second, counted only in the foreground.
        public var seconds = 0
        public var presses = 0
        public var isPaused = false
        /// `12:34:03`, or `12:34:03 PM` for a 12-hour user.
        public var clock: String
        /// The fetched body, `failed`, or `-` before any reply.
        public var fetched = "-"
    }

    public private(set) var viewState: ViewState
    /// How many times the view state changed: the frames the presenter asked for.
    @ObservationIgnored public private(set) var changeCount = 0

    @ObservationIgnored private let effects: EffectRunner
    @ObservationIgnored private let timeline: MonotonicTimeline
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private let transport: any HTTPTransport
    @ObservationIgnored private let url: URL?
    @ObservationIgnored private let clockFormatter: DateFormatter
    @ObservationIgnored private var hasAppeared = false

    public init(
        effects: EffectRunner, timeline: MonotonicTimeline, now: @escaping @Sendable () -> Date, timeZone: TimeZone,
        hourCycle: HourCycle, transport: any HTTPTransport, fetching url: URL? = nil
    ) {
        self.effects = effects
        self.timeline = timeline
        self.now = now
        self.transport = transport
        self.url = url
        clockFormatter = DateFormatter()
        clockFormatter.locale = Locale(identifier: "en_US_POSIX")
        clockFormatter.timeZone = timeZone
        clockFormatter.dateFormat = Self.clockFormat(hourCycle)
        viewState = ViewState(clock: clockFormatter.string(from: now()))
    }

    /// The user's time zone or hour cycle changed: the clock reads the new way now; the count, presses and pause stay.
    public func reformat(timeZone: TimeZone, hourCycle: HourCycle) {
        clockFormatter.timeZone = timeZone
        clockFormatter.dateFormat = Self.clockFormat(hourCycle)
        var state = viewState
        state.clock = clockFormatter.string(from: now())
        publish(state)
    }

    static func clockFormat(_ hourCycle: HourCycle) -> String { hourCycle == .twelveHour ? "hh:mm:ss a" : "HH:mm:ss" }

    public func send(_ action: Action) {
        var state = viewState
        switch action {
        case .tick:
            state.seconds += 1
            state.clock = clockFormatter.string(from: now())
        case .press:
            state.presses += 1
        case .fetched(let text):
            state.fetched = text
        case .lifecycle(.appear):
            guard !hasAppeared else { return }
            hasAppeared = true
            startTimer()
            fetch()
        case .lifecycle(.didEnterBackground):
            state.isPaused = true
            effects.cancel("tick")
        case .lifecycle(.willEnterForeground):
            state.isPaused = false
            if hasAppeared { startTimer() }
        }
        publish(state)
    }

    /// An equal state is no change: nothing counted, nothing for a surface to render.
    private func publish(_ new: ViewState) {
        guard new != viewState else { return }
        viewState = new
        changeCount += 1
    }

    /// Wakes at each whole second of the timeline, so a late wake-up never shifts the next one.
    private func startTimer() {
        effects.timer(
            "tick", on: timeline, nextDeadline: { [timeline] in .seconds(Int64(timeline.now.seconds) + 1) },
            fire: { [weak self] in self?.send(.tick) })
    }

    private func fetch() {
        guard let url else { return }
        effects.run(
            "fetch",
            work: { [transport] in
                guard let reply = try? await transport.send(HTTPRequest(url: url)) else { return "failed" }
                return String(decoding: reply.body, as: UTF8.self)
            },
            apply: { [weak self] text in self?.send(.fetched(text)) })
    }
}
