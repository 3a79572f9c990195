import FeatureHostCore

/// The offer screen: a countdown read from foreground time on the injected clock, per-digit rolls, and the
/// activation popup. The countdown and the activation are the run's (`OfferRun`, shared by every screen of the
/// offer in one run of the host: the shell's, each web page's); the popup is this screen's.
///
/// Time is never counted in ticks: every wake-up reads the clock, so a late one shows the right value. The
/// presenter sleeps to the exact next deadline (a second's change or a roll step) and then to nothing: no
/// frames between rolls, none in the background, none once the timer has stopped at zero.
@MainActor
public final class OfferCountdownPresenter: Presenter {
    public enum Action: PresenterAction, Sendable, Equatable {
        /// A wake-up at a deadline; reads the clock.
        case tick
        /// The `ACTIVATE OFFER` button.
        case activate
        /// Closes the popup.
        case dismissPopup
        /// `.appear` starts the countdown (once); the background pauses it and the foreground resumes it, as far
        /// as this screen goes: the run's countdown runs while any screen that appeared is in the foreground.
        case lifecycle(LifecycleEvent)
        /// Another screen of the same run started, paused or resumed the countdown, or activated the offer.
        case runChanged
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

    public private(set) var viewState: ViewState {
        didSet { observers.publish(viewState, old: oldValue) }
    }

    private static let timerID = "countdown"

    private let copy = OfferCopy.design
    private let run: OfferRun
    private var timeline: MonotonicTimeline { run.timeline }
    private let effects: EffectRunner
    private var session = OfferSession()
    private let observers = StateObservers<ViewState>()

    /// - Parameters:
    ///   - effects: runs the countdown's timer; owned by the presenter, so the timer goes with it.
    ///   - duration: where the countdown starts (86,400 s shows `01:00:00:00`).
    ///   - rollDuration: how long a changing digit rolls; zero switches the roll off.
    public convenience init(timeline: MonotonicTimeline, effects: EffectRunner, duration: Duration, rollDuration: Duration) {
        self.init(run: OfferRun(timeline: timeline, duration: duration, rollDuration: rollDuration), effects: effects)
    }

    /// A screen of the run's offer: it shows `run`'s countdown and activation, and hears when another screen
    /// changes them.
    init(run: OfferRun, effects: EffectRunner) {
        self.run = run
        self.effects = effects
        viewState = OfferSession().viewState(
            at: run.timeline.now, copy: .design, countdown: run.countdown, activatedValue: run.activatedValue)
        run.changes.observe(self, as: ObjectIdentifier(self)) { presenter, _ in presenter.send(.runChanged) }
    }

    /// How many frames the presenter has asked for (state changes published), for the benchmark.
    public var changeCount: Int { observers.changeCount }

    public func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation {
        observers.add(onChange)
    }

    public func send(_ action: Action) {
        let now = timeline.now
        session.apply(action, at: now, run: run, screen: self)
        viewState = session.viewState(at: now, copy: copy, countdown: run.countdown, activatedValue: run.activatedValue)
        // A tick changes nothing the timer depends on, and the timer asks for its next deadline itself.
        if action != .tick { syncTimer(at: now) }
    }

    /// Runs the timer while this screen shows the countdown and it has a next change (running, or a last roll to
    /// finish), stops it otherwise (this screen not shown yet or in the background, the countdown paused, all over).
    private func syncTimer(at now: Duration) {
        guard session.hasAppeared, session.isInForeground, run.countdown.nextDeadline(at: now) != nil else {
            effects.cancel(Self.timerID)
            return
        }
        // Starts the timer unless it runs already; it asks for the next deadline before every sleep.
        effects.timer(
            Self.timerID, on: timeline,
            nextDeadline: { [weak self] in
                guard let self else { return nil }
                return self.run.countdown.nextDeadline(at: self.timeline.now)
            },
            fire: { [weak self] in self?.send(.tick) })
    }
}
