import FeatureHostCore

/// What the offer screen is at a moment: the countdown, whether the screen appeared, the activation and the
/// popup. The presenter applies actions to it and derives the view state from it.
struct OfferModel: Sendable, Equatable {
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

    /// Made once: the view state is rebuilt on every wake-up.
    private static let activeGradient: [OfferColor] = [.blue, .pink]
    private static let inactiveGradient: [OfferColor] = [.gray, .gray]

    func viewState(at now: Duration, copy: OfferCopy) -> OfferCountdownPresenter.ViewState {
        let reading = countdown.reading(at: now)
        let groups = CountdownFormat.Groups(reading.value)
        let to = CountdownFormat.digits(groups)
        var from = to
        var progress = 0.0
        if let roll = reading.roll {
            from = CountdownFormat.digits(roll.from)
            progress = Double(roll.step) / Double(countdown.schedule.rollSteps)
        }
        // An index loop rather than `zip(…).map`: this runs on every wake-up, and tests run unoptimised.
        var digits: [RollingDigit] = []
        digits.reserveCapacity(to.count)
        var index = 0
        while index < to.count {
            let (old, new) = (from[index], to[index])
            digits.append(RollingDigit(new, roll: old == new ? nil : DigitRoll(from: old, progress: progress)))
            index += 1
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
            countdown: CountdownView(text: CountdownFormat.timer(groups), digits: digits, phase: phase),
            activateButton: ActivateButtonView(
                title: copy.activateButton, isEnabled: canActivate, gradient: canActivate ? Self.activeGradient : Self.inactiveGradient),
            popup: popup, focus: popup == nil ? .activateButton : .popup, expiredNote: canActivate ? nil : copy.expired)
    }
}
