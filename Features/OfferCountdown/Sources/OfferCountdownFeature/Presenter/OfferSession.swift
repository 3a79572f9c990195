import FeatureHostCore

/// What one screen of the offer is at a moment: whether it appeared, whether it is in the foreground, and its
/// popup. The countdown and the activation belong to the run (`OfferRun`), shared by every screen. The presenter
/// applies actions to both and derives the view state from them.
struct OfferSession: Sendable, Equatable {
    var hasAppeared = false
    var isInForeground = true
    var isPopupOpen = false

    /// Applies `action` for the screen `screen` (its presenter), telling the run what concerns it.
    @MainActor
    mutating func apply(_ action: OfferCountdownPresenter.Action, at now: Duration, run: OfferRun, screen: AnyObject) {
        switch action {
        case .lifecycle(.appear):
            guard !hasAppeared else { return }
            hasAppeared = true
            if isInForeground { run.show(screen, at: now) }
        case .tick, .runChanged:
            break
        case .activate:
            guard !isPopupOpen, run.activate(from: screen, at: now) else { return }
            isPopupOpen = true
        case .dismissPopup:
            isPopupOpen = false
        case .lifecycle(.didEnterBackground):
            isInForeground = false
            run.hide(screen, at: now)
        case .lifecycle(.willEnterForeground):
            isInForeground = true
            if hasAppeared { run.show(screen, at: now) }
        }
    }

    /// Made once: the view state is rebuilt on every wake-up.
    private static let activeGradient: [OfferColor] = [.blue, .pink]
    private static let inactiveGradient: [OfferColor] = [.gray, .gray]

    func viewState(at now: Duration, copy: OfferCopy, countdown: Countdown, activatedValue: Int?) -> OfferCountdownPresenter.ViewState {
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
