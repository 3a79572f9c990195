import FeatureHostCore

/// The offer as one run of the host has it, whichever screens show it (the terminal's, each web page's): the
/// countdown (when it started and how much foreground time it has had) and the activation. One per run
/// (`FeatureRun`), so a reload, Back or a second tab continues the same 24 hours and shows the same activation
/// time, as opening the feature again in the shell does. What belongs to one screen (its popup, whether it has
/// appeared, whether it is in the foreground) stays in its presenter's `OfferCountdownModel`.
///
/// The countdown starts when the first screen appears and runs while any screen that appeared is in the
/// foreground: it pauses only when none is (every tab hidden or closed, the terminal unfocused). Each change is
/// told to the other screens' presenters (`changes`), which re-read it through their `send`.
@MainActor
final class OfferRun {
    /// What every screen shows, as a value.
    struct State: Sendable, Equatable {
        var countdown: Countdown
        /// The countdown's value when the offer was activated; every later activation, on any screen, shows it.
        var activatedValue: Int?
    }

    /// What a screen's action asks of the run (`OfferCountdownModel.apply` returns them).
    enum Work: Equatable {
        /// The screen appeared and is in the foreground.
        case show
        /// The screen went to the background or away.
        case hide
        /// Activate the offer at the countdown's value now, unless it was activated already.
        case activate
    }

    let timeline: MonotonicTimeline
    private(set) var state: State
    /// The screens that appeared and are in the foreground (their presenters).
    private var showing: Set<ObjectIdentifier> = []
    /// Tells the screens' presenters that the countdown or the activation changed.
    let changes = ChangeBroadcast<Void>()

    init(timeline: MonotonicTimeline, duration: Duration, rollDuration: Duration) {
        self.timeline = timeline
        state = State(countdown: Countdown(schedule: CountdownSchedule(total: duration, rollDuration: rollDuration)))
    }

    /// Does what `screen`'s action asked; the other screens hear of a change.
    func run(_ work: Work, for screen: ObjectIdentifier, at now: Duration) {
        let before = state
        switch work {
        case .show: showing.insert(screen)
        case .hide: showing.remove(screen)
        case .activate:
            let value = state.countdown.reading(at: now).value
            if state.activatedValue == nil, value > 0 { state.activatedValue = value }
        }
        if showing.isEmpty { state.countdown.pause(at: now) } else { state.countdown.start(at: now) }
        if state != before { changes.postNow((), from: screen) }
    }
}
