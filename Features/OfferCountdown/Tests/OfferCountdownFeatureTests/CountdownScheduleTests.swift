import Testing

@testable import OfferCountdownFeature

@Suite("Countdown schedule")
struct CountdownScheduleTests {
    let schedule = CountdownSchedule(total: .seconds(86_400), rollDuration: .milliseconds(350))

    @Test("the value is the remaining time rounded up to whole seconds")
    func values() {
        #expect(schedule.value(at: .zero) == 86_400)
        #expect(schedule.value(at: .milliseconds(999)) == 86_400)
        #expect(schedule.value(at: .seconds(1)) == 86_399)
        #expect(schedule.value(at: .milliseconds(5_500)) == 86_395)
        #expect(schedule.value(at: .seconds(86_399)) == 1)
        #expect(schedule.value(at: .seconds(86_400)) == 0)
        #expect(schedule.value(at: .seconds(90_000)) == 0)
    }

    @Test("a change rolls in two equal steps over rollDuration, then stops")
    func rolls() {
        #expect(schedule.roll(at: .zero) == nil)  // nothing to roll from at the start
        #expect(schedule.roll(at: .milliseconds(500)) == nil)
        #expect(schedule.roll(at: .seconds(1)) == .init(from: 86_400, step: 0))
        #expect(schedule.roll(at: .milliseconds(1_174)) == .init(from: 86_400, step: 0))
        #expect(schedule.roll(at: .milliseconds(1_175)) == .init(from: 86_400, step: 1))
        #expect(schedule.roll(at: .milliseconds(1_349)) == .init(from: 86_400, step: 1))
        #expect(schedule.roll(at: .milliseconds(1_350)) == nil)
        #expect(schedule.roll(at: .milliseconds(5_500)) == nil)
        // The last change, to zero, still rolls after the time is up.
        #expect(schedule.roll(at: .seconds(86_400)) == .init(from: 1, step: 0))
        #expect(schedule.roll(at: .milliseconds(86_400_350)) == nil)
    }

    @Test("deadlines: each second's change, the roll's steps, and nothing once it is all over")
    func deadlines() {
        #expect(schedule.nextChange(after: .zero) == .seconds(1))
        #expect(schedule.nextChange(after: .seconds(1)) == .milliseconds(1_175))
        #expect(schedule.nextChange(after: .milliseconds(1_175)) == .milliseconds(1_350))
        #expect(schedule.nextChange(after: .milliseconds(1_350)) == .seconds(2))
        // A late wake-up goes straight to the next change it has not missed.
        #expect(schedule.nextChange(after: .milliseconds(1_900)) == .seconds(2))
        #expect(schedule.nextChange(after: .milliseconds(1_100), rollsShown: false) == .seconds(2))
        #expect(schedule.nextChange(after: .seconds(86_400)) == .milliseconds(86_400_175))
        #expect(schedule.nextChange(after: .milliseconds(86_400_350)) == nil)
    }

    @Test("without a roll only the seconds are deadlines")
    func noRoll() {
        let plain = CountdownSchedule(total: .seconds(3), rollDuration: .zero)
        #expect(plain.roll(at: .seconds(1)) == nil)
        #expect(plain.nextChange(after: .seconds(1)) == .seconds(2))
        #expect(plain.nextChange(after: .seconds(3)) == nil)
    }

    @Test("a fractional duration changes when the remaining time crosses a whole second")
    func fractional() {
        let short = CountdownSchedule(total: .milliseconds(2_500), rollDuration: .zero)
        #expect(short.initialValue == 3)
        #expect(short.nextChange(after: .zero) == .milliseconds(500))
        #expect(short.value(at: .milliseconds(500)) == 2)
    }
}

@Suite("Foreground stopwatch")
struct ForegroundStopwatchTests {
    @Test("only foreground time counts")
    func pauses() {
        var watch = ForegroundStopwatch()
        #expect(watch.elapsed(at: .seconds(10)) == .zero)
        watch.start(at: .seconds(10))
        #expect(watch.elapsed(at: .milliseconds(15_500)) == .milliseconds(5_500))
        watch.pause(at: .milliseconds(15_500))
        watch.pause(at: .seconds(20))  // a second pause changes nothing
        #expect(watch.elapsed(at: .seconds(100)) == .milliseconds(5_500))
        watch.start(at: .seconds(100))
        watch.start(at: .seconds(101))  // nor does a second start
        #expect(watch.elapsed(at: .seconds(101)) == .milliseconds(6_500))
        #expect(watch.timelineOffset(reaching: .seconds(7)) == .milliseconds(101_500))
    }
}
