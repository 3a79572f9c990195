import FeatureHostCore

/// What the offer screen is at a moment: the countdown, whether the screen appeared, the activation and the
/// popup. The presenter applies actions to it and derives the view state from it.
struct OfferSession: Sendable, Equatable {
    var countdown: Countdown
    var hasAppeared = false
    var isInForeground = true
    /// The countdown's value when the offer was activated; a second activation shows the same moment.
    var activatedValue: Int?
    var isPopupOpen = false

    mutating func apply(_ action: OfferCountdownPresenter.Action, at now: Duration) {
        switch action {
        case .lifecycle(.appear):
            guard !hasAppeared else { return }
            hasAppeared = true
            if isInForeground { countdown.start(at: now) }
        case .tick:
            break
        case .activate:
            guard !isPopupOpen else { return }
            if activatedValue == nil {
                let value = countdown.reading(at: now).value
                guard value > 0 else { return }  // expired
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
    }

    func viewState(at now: Duration, copy: OfferCopy) -> OfferCountdownPresenter.ViewState {
        let reading = countdown.reading(at: now)
        let to = CountdownFormat.digits(reading.value)
        let from = reading.roll.map { CountdownFormat.digits($0.from) } ?? to
        let progress = reading.roll.map { Double($0.step) / Double(countdown.schedule.rollSteps) } ?? 0
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
        return OfferCountdownPresenter.ViewState(
            copy: copy,
            countdown: CountdownView(text: CountdownFormat.timer(reading.value), digits: digits, phase: phase),
            activateButton: ActivateButtonView(
                title: copy.activateButton, isEnabled: canActivate, gradient: canActivate ? [.blue, .pink] : [.gray, .gray]),
            popup: popup, focus: popup == nil ? .activateButton : .popup)
    }
}
