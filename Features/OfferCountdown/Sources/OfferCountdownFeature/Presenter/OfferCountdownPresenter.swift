import FeatureHostCore

/// The offer screen: a countdown read from foreground time on the injected clock, per-digit rolls, and the
/// activation popup.
///
/// Time is never counted in ticks: every wake-up reads the clock, so a late one shows the right value. The
/// presenter sleeps to the exact next deadline (a second's change or a roll step) and then to nothing: no
/// frames between rolls, none in the background, none once the timer has stopped at zero.
@MainActor
public final class OfferCountdownPresenter: Presenter {
    public enum Action: PresenterAction, Sendable, Equatable {
        /// The screen was displayed: starts the countdown the first time.
        case appear
        /// A wake-up at a deadline; reads the clock.
        case tick
        /// The `ACTIVATE OFFER` button.
        case activate
        /// Esc or Enter on the popup.
        case dismissPopup
        case lifecycle(LifecycleEvent)
    }

    public struct ViewState: Sendable, Equatable {
        public var copy: OfferCopy
        public var countdown: CountdownView
        public var activateButton: ActivateButtonView
        /// Nil while no popup is open.
        public var popup: OfferPopupView?
        public var focus: OfferFocus

        public init(
            copy: OfferCopy, countdown: CountdownView, activateButton: ActivateButtonView, popup: OfferPopupView?,
            focus: OfferFocus
        ) {
            self.copy = copy
            self.countdown = countdown
            self.activateButton = activateButton
            self.popup = popup
            self.focus = focus
        }
    }

    public private(set) var viewState: ViewState {
        didSet { observers.publish(viewState, old: oldValue) }
    }

    private let copy = OfferCopy.design
    private let timeline: MonotonicTimeline
    private var countdown: Countdown
    private var hasAppeared = false
    private var isInForeground = true
    /// The countdown's value when the offer was activated; a second activation shows the same moment.
    private var activatedValue: Int?
    private var isPopupOpen = false
    private let observers = StateObservers<ViewState>()
    private let timer = TimerLoop()

    /// - Parameters:
    ///   - duration: where the countdown starts (86,400 s shows `01:00:00:00`).
    ///   - rollDuration: how long a changing digit rolls; zero switches the roll off.
    public init(timeline: MonotonicTimeline, duration: Duration, rollDuration: Duration) {
        self.timeline = timeline
        countdown = Countdown(schedule: CountdownSchedule(total: duration, rollDuration: rollDuration))
        viewState = ViewState(
            copy: copy, countdown: CountdownView(text: "", digits: [], phase: .waiting),
            activateButton: ActivateButtonView(title: copy.activateButton, isEnabled: true, gradient: [.blue, .pink]),
            popup: nil, focus: .activateButton)
        viewState = makeViewState()
    }

    /// How many frames the presenter has asked for (state changes published), for the benchmark.
    public var frameRequests: Int { observers.notificationCount }

    public func observe(_ onChange: @escaping @MainActor (ViewState) -> Void) -> StateObservation {
        observers.add(onChange)
    }

    public func send(_ action: Action) {
        let now = timeline.now
        switch action {
        case .appear:
            guard !hasAppeared else { break }
            hasAppeared = true
            if isInForeground { countdown.start(at: now) }
        case .tick:
            break
        case .activate:
            guard !isPopupOpen else { break }
            if activatedValue == nil {
                let value = countdown.reading(at: now).value
                guard value > 0 else { break }
                activatedValue = value
            }
            isPopupOpen = true
        case .dismissPopup:
            isPopupOpen = false
        case .lifecycle(.didEnterBackground):
            isInForeground = false
            countdown.pause(at: now)
        case .lifecycle(.willEnterForeground):
            isInForeground = true
            if hasAppeared { countdown.start(at: now) }
        }
        viewState = makeViewState(at: now)
        syncTimer(at: now)
    }

    private func makeViewState(at now: Duration? = nil) -> ViewState {
        let reading = countdown.reading(at: now ?? timeline.now)
        let steps = Double(countdown.schedule.rollSteps)
        let to = CountdownFormat.digits(reading.value)
        let from = reading.roll.map { CountdownFormat.digits($0.from) } ?? to
        let progress = reading.roll.map { Double($0.step) / steps } ?? 0
        let digits = zip(from, to).map { old, new in
            RollingDigit(new, roll: old == new ? nil : DigitRoll(from: old, progress: progress))
        }
        let phase: CountdownView.Phase =
            if reading.value == 0 { .finished }
            else if !hasAppeared { .waiting }
            else if countdown.isRunning { .running }
            else { .paused }
        let canActivate = activatedValue != nil || reading.value > 0
        let popup = isPopupOpen ? activatedValue.map { value in
            OfferPopupView(
                title: copy.popupTitle, titleShadow: .pink, message: copy.popupMessage(time: CountdownFormat.popup(value)))
        } : nil
        return ViewState(
            copy: copy,
            countdown: CountdownView(text: CountdownFormat.timer(reading.value), digits: digits, phase: phase),
            activateButton: ActivateButtonView(
                title: copy.activateButton, isEnabled: canActivate, gradient: canActivate ? [.blue, .pink] : [.gray, .gray]),
            popup: popup, focus: popup == nil ? .activateButton : .popup)
    }

    /// Runs the timer while the countdown has a next change (running, or a last roll to finish), stops it
    /// otherwise (background, all over).
    private func syncTimer(at now: Duration) {
        guard countdown.nextDeadline(at: now) != nil else {
            timer.stop()
            return
        }
        timer.start(
            on: timeline,
            nextDeadline: { [weak self] in self.flatMap { $0.countdown.nextDeadline(at: $0.timeline.now) } },
            fire: { [weak self] in self?.send(.tick) })
    }

    /// True while the presenter's timer is asleep or about to sleep again. Whoever drives a manual clock
    /// deadline by deadline (tests, the benchmark) waits after each wake-up until the timer sleeps again.
    public var hasPendingWakeUp: Bool { timer.isRunning }
}
