/// The offer's countdown: a schedule read through foreground time. It starts once, pauses in the background
/// and resumes where it was; a roll cut short by a pause is shown settled, so a paused screen reads cleanly.
struct Countdown: Sendable, Equatable {
    struct Reading: Sendable, Equatable {
        var value: Int
        var roll: CountdownSchedule.Roll?
    }

    let schedule: CountdownSchedule
    private var stopwatch = ForegroundStopwatch()
    /// The value whose roll a pause cut short; it stays settled after resuming.
    private var settledValue: Int?

    init(schedule: CountdownSchedule) { self.schedule = schedule }

    var isRunning: Bool { stopwatch.isRunning }

    mutating func start(at now: Duration) { stopwatch.start(at: now) }

    mutating func pause(at now: Duration) {
        guard stopwatch.isRunning else { return }
        stopwatch.pause(at: now)
        let elapsed = stopwatch.elapsed(at: now)
        if schedule.roll(at: elapsed) != nil { settledValue = schedule.value(at: elapsed) }
    }

    func reading(at now: Duration) -> Reading {
        let elapsed = stopwatch.elapsed(at: now)
        let value = schedule.value(at: elapsed)
        let roll = value == settledValue ? nil : schedule.roll(at: elapsed)
        return Reading(value: value, roll: roll)
    }

    /// The timeline offset of the next change of `reading`; nil while paused or once nothing will change.
    /// - Parameter rollSteps: false when the surface animates a roll itself (`Motion.animated`): only the value's
    ///   changes count, not the roll's steps and end.
    func nextDeadline(at now: Duration, rollSteps: Bool = true) -> Duration? {
        let elapsed = stopwatch.elapsed(at: now)
        let rollsShown = rollSteps && schedule.value(at: elapsed) != settledValue
        guard let next = schedule.nextChange(after: elapsed, rollsShown: rollsShown) else { return nil }
        return stopwatch.timelineOffset(reaching: next)
    }
}
