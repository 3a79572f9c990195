import FeatureHostCore
import Observation

/// The offer screen: a countdown read from foreground time on the injected clock, per-digit rolls, and the
/// activation popup. The countdown and the activation are the run's (`OfferRun`, shared by every screen of the
/// offer in one run of the host: the shell's, each web page's); the popup is this screen's (`OfferCountdownModel`).
///
/// Time is never counted in ticks: every wake-up reads the clock, so a late one shows the right value. The
/// presenter sleeps to the exact next deadline (a second's change or a roll step; on a surface that animates the roll
/// itself, `Motion.animated`, a second's change only) and then to nothing: no frames between rolls, none in the
/// background, none once the timer has stopped at zero.
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
        /// As far as this screen goes: the run's countdown runs while any screen that appeared is in the foreground.
        case lifecycle(LifecycleEvent)
        /// Another screen of the same run started, paused or resumed the countdown, or activated the offer.
        case runChanged
    }

    public typealias ViewState = OfferCountdownViewState

    public var viewState: ViewState { core.viewState }
    /// Real changes of `viewState` so far: the frames the presenter asked for, for tests and the benchmark.
    public var changeCount: Int { core.changeCount }

    private static let timerID = "countdown"

    @ObservationIgnored private let copy = OfferCopy.design
    @ObservationIgnored private let run: OfferRun
    private var timeline: MonotonicTimeline { run.timeline }
    @ObservationIgnored private let core: PresenterCore<Action, ViewState>
    /// What the screen is; `viewState` is derived from it and the run's state at each instant.
    @ObservationIgnored private var model: OfferCountdownModel
    /// The instant `viewState` was last derived at, which the timer's next deadline counts from.
    @ObservationIgnored private var derivedAt: Duration

    /// - Parameters:
    ///   - effects: runs the countdown's timer; owned by the presenter, so the timer goes with it.
    ///   - duration: where the countdown starts (86,400 s shows `01:00:00:00`).
    ///   - rollDuration: how long a changing digit rolls; zero switches the roll off.
    ///   - motion: `.animated` when the surface animates the roll itself: the timer then wakes only for each
    ///     second's change, whose view state shows the roll's start.
    ///   A screen of a run of its own: nothing else shares its countdown.
    public convenience init(
        timeline: MonotonicTimeline, effects: EffectRunner, duration: Duration, rollDuration: Duration, motion: Motion = .stepped
    ) {
        self.init(run: OfferRun(timeline: timeline, duration: duration, rollDuration: rollDuration), effects: effects, motion: motion)
    }

    /// A screen of the run's offer: it shows `run`'s countdown and activation, and hears when another screen
    /// changes them.
    init(run: OfferRun, effects: EffectRunner, motion: Motion) {
        self.run = run
        model = OfferCountdownModel(rollSteps: motion == .stepped)
        derivedAt = run.timeline.now
        core = PresenterCore(model.viewState(at: derivedAt, copy: .design, run: run.state), effects: effects)
        core.connect(self)
        run.changes.observe(self, as: ObjectIdentifier(self)) { presenter, _ in presenter.send(.runChanged) }
    }

    /// A screen that goes away without leaving the foreground first leaves it now, so the run's countdown does not
    /// count time nobody sees.
    isolated deinit {
        if model.hasAppeared, model.isInForeground { run.run(.hide, for: ObjectIdentifier(self), at: run.timeline.now) }
    }

    /// The run's part of the work is done at once, before publishing: it is shared state this screen shows too (the
    /// activation's value, the countdown started), not I/O.
    public func send(_ action: Action) {
        let now = timeline.now
        derivedAt = now
        for work in model.apply(action, at: now, run: run.state) { run.run(work, for: ObjectIdentifier(self), at: now) }
        core.publish(model.viewState(at: now, copy: copy, run: run.state))
        // A tick changes nothing the timer depends on, and the timer asks for its next deadline itself.
        if action != .tick { syncTimer(at: now) }
    }

    /// Runs the timer while the model says this screen follows a next change (`OfferCountdownModel.needsTimer`), stops it
    /// otherwise (background, all over).
    private func syncTimer(at now: Duration) {
        guard model.needsTimer(at: now, run: run.state) else {
            core.cancel(Self.timerID)
            return
        }
        // Starts the timer unless it runs already; it asks for the next deadline before every sleep.
        core.timer(
            Self.timerID, on: timeline,
            nextDeadline: { [weak self] in
                guard let self else { return nil }
                // From the instant the view state was derived at, not from when it asks: a second that ends in
                // between (the last one, say) still gets its tick, at once.
                return self.model.nextDeadline(at: self.derivedAt, run: self.run.state)
            }, fire: { .tick })
    }
}
