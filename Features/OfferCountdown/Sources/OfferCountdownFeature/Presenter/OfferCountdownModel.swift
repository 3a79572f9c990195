import FeatureHostCore

/// What one screen of the offer is at a moment: whether it appeared, whether it is in the foreground, and its
/// popup. The countdown and the activation are the run's (`OfferRun.State`, shared by every screen of the run),
/// passed in: `apply` returns what the action asks of the run, and `viewState` derives from both.
struct OfferCountdownModel: Sendable, Equatable {
    var hasAppeared = false
    var isInForeground = true
    var isPopupOpen = false
    /// The open popup shows an activation made before this press (here or on another screen of the run).
    var popupShowsEarlierActivation = false
    /// Whether the screen follows a roll's steps and end (`Motion.stepped`), or only the value's changes: its
    /// surface animates the roll itself.
    var rollSteps = true

    mutating func apply(_ action: OfferCountdownPresenter.Action, at now: Duration, run: OfferRun.State) -> [OfferRun.Work] {
        switch action {
        case .lifecycle(.appear):
            guard !hasAppeared else { return [] }
            hasAppeared = true
            return isInForeground ? [.show] : []
        case .tick, .runChanged:
            return []
        case .activate:
            guard !isPopupOpen else { return [] }
            // An expired offer that was never activated cannot be.
            guard run.activatedValue != nil || run.countdown.reading(at: now).value > 0 else { return [] }
            isPopupOpen = true
            popupShowsEarlierActivation = run.activatedValue != nil
            return [.activate]
        case .dismissPopup:
            isPopupOpen = false
            return []
        case .lifecycle(.didEnterBackground):
            isInForeground = false
            return [.hide]
        case .lifecycle(.willEnterForeground):
            isInForeground = true
            return hasAppeared ? [.show] : []
        }
    }

    /// Whether this screen's timer should run: the countdown has a next change (running, or a last roll to finish)
    /// and this screen appeared; a screen in the background does not follow a countdown another screen keeps
    /// running (it re-reads when it comes back), but finishes the roll its own pause left.
    func needsTimer(at now: Duration, run: OfferRun.State) -> Bool {
        hasAppeared && nextDeadline(at: now, run: run) != nil && (isInForeground || !run.countdown.isRunning)
    }

    /// The timeline offset at which what this screen shows next changes.
    func nextDeadline(at now: Duration, run: OfferRun.State) -> Duration? {
        run.countdown.nextDeadline(at: now, rollSteps: rollSteps)
    }

    /// Made once: the view state is rebuilt on every wake-up.
    private static let activeGradient: [OfferColor] = [.blue, .pink]
    private static let inactiveGradient: [OfferColor] = [.gray, .gray]

    func viewState(at now: Duration, copy: OfferCopy, run: OfferRun.State) -> OfferCountdownPresenter.ViewState {
        let (countdown, activatedValue) = (run.countdown, run.activatedValue)
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
        let phase: CountdownState.Phase =
            if reading.value == 0 { .finished } else if !hasAppeared { .waiting } else if countdown.isRunning { .running } else { .paused }
        let canActivate = activatedValue != nil || reading.value > 0
        let popup =
            isPopupOpen
            ? activatedValue.map { value in
                OfferPopupState(
                    title: copy.popupTitle, titleShadow: .pink, message: copy.popupMessage(time: CountdownFormat.popup(value)),
                    note: popupShowsEarlierActivation ? copy.earlierActivationNote : nil)
            } : nil
        return OfferCountdownPresenter.ViewState(
            copy: copy,
            countdown: CountdownState(text: CountdownFormat.timer(groups), digits: digits, phase: phase),
            activateButton: ActivateButtonState(
                title: activatedValue == nil ? copy.activateButton : copy.activatedButton, isEnabled: canActivate,
                gradient: canActivate ? Self.activeGradient : Self.inactiveGradient),
            popup: popup, focus: popup == nil ? .activateButton : .popup, expiredNote: canActivate ? nil : copy.expired)
    }
}
