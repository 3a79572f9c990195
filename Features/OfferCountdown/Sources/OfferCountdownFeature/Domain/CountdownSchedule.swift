/// What the countdown shows after a given foreground time, and when that next changes. A pure function of
/// elapsed time, so a late wake-up shows the right value instead of drifting, and a test can ask any instant.
///
/// The value is the remaining time rounded up to whole seconds: `01:00:00:00` for the whole first second,
/// `00:23:59:59` from the instant one second has passed. Each change starts a roll that lasts `rollDuration`
/// in `rollSteps` equal steps; all arithmetic is on `Duration`'s integer attoseconds, so deadlines are exact.
struct CountdownSchedule: Sendable, Equatable {
    /// A roll in progress: the value rolled away from, and which of the steps is showing.
    struct Roll: Sendable, Equatable {
        var from: Int
        var step: Int
    }

    let total: Duration
    let rollDuration: Duration
    let rollSteps: Int

    init(total: Duration, rollDuration: Duration, rollSteps: Int = 2) {
        self.total = max(total, .zero)
        self.rollDuration = max(rollDuration, .zero)
        self.rollSteps = max(rollSteps, 1)
    }

    /// The value shown before any time has passed.
    var initialValue: Int { Self.wholeSecondsRoundingUp(total) }

    /// Remaining whole seconds (rounded up) after `elapsed`; zero once the time is up.
    func value(at elapsed: Duration) -> Int {
        Self.wholeSecondsRoundingUp(total - elapsed)
    }

    /// The roll under way after `elapsed`, if the value changed less than `rollDuration` ago.
    func roll(at elapsed: Duration) -> Roll? {
        let shown = value(at: elapsed)
        guard rollDuration > .zero, shown < initialValue else { return nil }
        let since = elapsed - changeInstant(of: shown)
        guard since < rollDuration else { return nil }
        var step = 0
        while step + 1 < rollSteps, since >= stepLength * (step + 1) { step += 1 }
        return Roll(from: shown + 1, step: step)
    }

    /// The first instant after `elapsed` at which `value` or `roll` changes; nil once both are final.
    /// - Parameter rollsShown: false when the current roll was cut short (the countdown was paused), so its
    ///   remaining steps are not scheduled.
    func nextChange(after elapsed: Duration, rollsShown: Bool = true) -> Duration? {
        let shown = value(at: elapsed)
        let nextValue = shown > 0 ? changeInstant(of: shown - 1) : nil
        guard rollsShown, let roll = roll(at: elapsed) else { return nextValue }
        let start = changeInstant(of: shown)
        let nextStep = roll.step + 1 < rollSteps ? start + stepLength * (roll.step + 1) : start + rollDuration
        guard let nextValue else { return nextStep }
        return min(nextValue, nextStep)
    }

    /// The elapsed time at which the countdown starts showing `value`.
    func changeInstant(of value: Int) -> Duration { total - .seconds(value) }

    private var stepLength: Duration { rollDuration / rollSteps }

    private static func wholeSecondsRoundingUp(_ duration: Duration) -> Int {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
