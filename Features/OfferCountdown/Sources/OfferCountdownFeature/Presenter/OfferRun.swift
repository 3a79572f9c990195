import FeatureHostCore

/// The offer as one run of the host has it, whichever screens show it (the terminal's, each web page's): the
/// countdown, when it started and how much foreground time it has had, and the activation. One per run
/// (`FeatureRun`), so a reload, Back or a second tab continues the same 24 hours and shows the same activation
/// time, as opening the feature again in the shell does. What belongs to one screen (its popup, whether it has
/// appeared, whether it is in the foreground) stays in its presenter (`OfferSession`).
///
/// The countdown starts when the first screen appears and runs while any screen that appeared is in the
/// foreground: it pauses only when none is (every tab hidden or closed, the terminal unfocused). Each change is
/// told to the other screens' presenters (`changes`), which re-read it.
@MainActor
final class OfferRun {
    let timeline: MonotonicTimeline
    private(set) var countdown: Countdown
    /// The countdown's value when the offer was activated; every later activation, on any screen, shows it.
    private(set) var activatedValue: Int?
    /// The screens that appeared and are in the foreground.
    private var showing: [ObjectIdentifier: Screen] = [:]
    /// Tells the screens' presenters that the countdown or the activation changed.
    let changes = ChangeBroadcast<Void>()

    private struct Screen {
        weak var presenter: AnyObject?
    }

    init(timeline: MonotonicTimeline, duration: Duration, rollDuration: Duration) {
        self.timeline = timeline
        countdown = Countdown(schedule: CountdownSchedule(total: duration, rollDuration: rollDuration))
    }

    /// A screen that appeared is in the foreground: the countdown runs (it starts with the first).
    func show(_ screen: AnyObject, at now: Duration) {
        showing[ObjectIdentifier(screen)] = Screen(presenter: screen)
        update(at: now, from: screen)
    }

    /// A screen went to the background (or away): the countdown pauses if no other screen shows it.
    func hide(_ screen: AnyObject, at now: Duration) {
        guard showing.removeValue(forKey: ObjectIdentifier(screen)) != nil else { return }
        update(at: now, from: screen)
    }

    /// Activates the offer at the countdown's value now, once; later activations keep that value. False when the
    /// offer expired unactivated.
    func activate(from screen: AnyObject, at now: Duration) -> Bool {
        if activatedValue != nil { return true }
        let value = countdown.reading(at: now).value
        guard value > 0 else { return false }
        activatedValue = value
        changes.postNow((), from: ObjectIdentifier(screen))
        return true
    }

    private func update(at now: Duration, from screen: AnyObject) {
        showing = showing.filter { $0.value.presenter != nil }
        let wasRunning = countdown.isRunning
        if showing.isEmpty { countdown.pause(at: now) } else { countdown.start(at: now) }
        if countdown.isRunning != wasRunning { changes.postNow((), from: ObjectIdentifier(screen)) }
    }
}
