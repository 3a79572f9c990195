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

    public var viewState: ViewState { core.viewState }
    /// How many times the view state changed: the frames the presenter asked for.
    public var changeCount: Int { core.changeCount }

    @ObservationIgnored private let core: PresenterCore<Action, ViewState>
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
        self.timeline = timeline
        self.now = now
        self.transport = transport
        self.url = url
        clockFormatter = DateFormatter()
        clockFormatter.locale = Locale(identifier: "en_US_POSIX")
        clockFormatter.timeZone = timeZone
        clockFormatter.dateFormat = Self.clockFormat(hourCycle)
        core = PresenterCore(ViewState(clock: clockFormatter.string(from: now())), effects: effects)
        core.connect(self)
    }

    /// The user's time zone or hour cycle changed: the clock reads the new way now; the count, presses and pause stay.
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
            core.cancel("tick")
        case .lifecycle(.willEnterForeground):
            state.isPaused = false
            if hasAppeared { startTimer() }
        }
        core.publish(state)
    }

    /// Wakes at each whole second of the timeline, so a late wake-up never shifts the next one.
    private func startTimer() {
        core.timer(
            "tick", on: timeline, nextDeadline: { [timeline] in .seconds(Int64(timeline.now.seconds) + 1) }, fire: { .tick })
    }

    private func fetch() {
        guard let url else { return }
        core.run(
            "fetch",
            work: { [transport] in
                guard let reply = try? await transport.send(HTTPRequest(url: url)) else { return "failed" }
                return String(decoding: reply.body, as: UTF8.self)
            },
            then: Action.fetched)
    }
}
