import FeatureHostCore
import Observation

/// The offer screen: a countdown read from foreground time on the injected clock, per-digit rolls, and the
/// activation popup.
///
/// Time is never counted in ticks: every wake-up reads the clock, so a late one shows the right value. The
/// presenter sleeps to the exact next deadline (a second's change or a roll step) and then to nothing: no
/// frames between rolls, none in the background, none once the timer has stopped at zero.
@MainActor
@Observable
public final class OfferCountdownPresenter: Presenter {
    public enum Action: PresenterAction, Sendable, Equatable {
        /// A wake-up at a deadline; reads the clock.
        case tick
        /// The `ACTIVATE OFFER` button.
        case activate
        /// Closes the popup.
        case dismissPopup
        /// `.appear` starts the countdown (once); the background pauses it and the foreground resumes it.
        case lifecycle(LifecycleEvent)
    }

    public struct ViewState: Sendable, Equatable {
        public var copy: OfferCopy
        public var countdown: CountdownView
        public var activateButton: ActivateButtonView
        /// Nil while no popup is open.
        public var popup: OfferPopupView?
        public var focus: OfferFocus
        /// `This offer has expired.` once the countdown reached zero without an activation; nil otherwise.
        public var expiredNote: String?

        public init(
            copy: OfferCopy, countdown: CountdownView, activateButton: ActivateButtonView, popup: OfferPopupView?,
            focus: OfferFocus, expiredNote: String? = nil
        ) {
            self.copy = copy
            self.countdown = countdown
            self.activateButton = activateButton
            self.popup = popup
            self.focus = focus
            self.expiredNote = expiredNote
        }
    }

    public private(set) var viewState: ViewState
    /// Real changes of `viewState` so far: the frames the presenter asked for, for tests and the benchmark.
    @ObservationIgnored public private(set) var changeCount = 0

    private static let timerID = "countdown"

    @ObservationIgnored private let copy = OfferCopy.design
    @ObservationIgnored private let timeline: MonotonicTimeline
    @ObservationIgnored private let effects: EffectRunner
    /// What the screen is; `viewState` is derived from it at each instant.
    @ObservationIgnored private var model: OfferModel

    /// - Parameters:
    ///   - effects: runs the countdown's timer; owned by the presenter, so the timer goes with it.
    ///   - duration: where the countdown starts (86,400 s shows `01:00:00:00`).
    ///   - rollDuration: how long a changing digit rolls; zero switches the roll off.
    public init(timeline: MonotonicTimeline, effects: EffectRunner, duration: Duration, rollDuration: Duration) {
        self.timeline = timeline
        self.effects = effects
        model = OfferModel(countdown: Countdown(schedule: CountdownSchedule(total: duration, rollDuration: rollDuration)))
        viewState = model.viewState(at: timeline.now, copy: .design)
    }

    public func send(_ action: Action) {
        let now = timeline.now
        model.apply(action, at: now)
        publish(model.viewState(at: now, copy: copy))
        // A tick changes nothing the timer depends on, and the timer asks for its next deadline itself.
        if action != .tick { syncTimer(at: now) }
    }

    /// An equal state is no change: nothing counted, nothing for a surface to render.
    private func publish(_ new: ViewState) {
        guard new != viewState else { return }
        viewState = new
        changeCount += 1
    }

    /// Runs the timer while the countdown has a next change (running, or a last roll to finish), stops it
    /// otherwise (background, all over).
    private func syncTimer(at now: Duration) {
        guard model.countdown.nextDeadline(at: now) != nil else {
            effects.cancel(Self.timerID)
            return
        }
        // Starts the timer unless it runs already; it asks for the next deadline before every sleep.
        effects.timer(
            Self.timerID, on: timeline,
            nextDeadline: { [weak self] in
                guard let self else { return nil }
                return self.model.countdown.nextDeadline(at: self.timeline.now)
            },
            fire: { [weak self] in self?.send(.tick) })
    }
}
