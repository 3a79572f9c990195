import FeatureHostRuntime
import Testing

@Suite struct ChangeCoalescerTests {
    let settle = Duration.milliseconds(50)

    @Test func nothingIsDueWithoutAnEvent() {
        let coalescer = ChangeCoalescer(settle: settle)
        #expect(coalescer.nextDeadline == nil)
        #expect(!coalescer.due(at: .seconds(100)))
    }

    @Test func oneEventIsDueAfterTheSettle() {
        var coalescer = ChangeCoalescer(settle: settle)
        coalescer.event(at: .milliseconds(10))
        #expect(coalescer.nextDeadline == .milliseconds(60))
        let early = coalescer.take(at: .milliseconds(59))
        #expect(!early)
        let onTime = coalescer.take(at: .milliseconds(60))
        #expect(onTime)
        #expect(coalescer.nextDeadline == nil)
        let again = coalescer.take(at: .milliseconds(200))
        #expect(!again)
    }

    @Test func eachEventPushesTheDeadlineUpToTheLongestWait() {
        var coalescer = ChangeCoalescer(settle: settle)
        #expect(coalescer.longest == .milliseconds(200))
        coalescer.event(at: .zero)
        coalescer.event(at: .milliseconds(40))
        #expect(coalescer.nextDeadline == .milliseconds(90))
        coalescer.event(at: .milliseconds(170))
        // The quiet would end at 220, but the burst began at 0.
        #expect(coalescer.nextDeadline == .milliseconds(200))
    }

    @Test func aSteadyStreamStillNotifiesAFewTimesASecondAndOnceAfterTheLast() {
        var coalescer = ChangeCoalescer(settle: settle)
        var notices: [Duration] = []
        // An event every 10 ms for a second, then quiet; the time walks in 1 ms steps.
        for millisecond in 0...1_500 {
            let now = Duration.milliseconds(millisecond)
            if millisecond <= 1_000, millisecond % 10 == 0 { coalescer.event(at: now) }
            if coalescer.take(at: now) { notices.append(now) }
        }
        #expect(notices.count >= 4 && notices.count <= 6)
        // The last burst began at 840 and ends at its longest wait, 40 ms after the last event.
        #expect(notices.last == .milliseconds(1_040))
        for (earlier, later) in zip(notices, notices.dropFirst()) { #expect(later - earlier <= .milliseconds(210)) }
    }

    @Test func anEventOutOfOrderDoesNotMoveTheDeadlineBack() {
        var coalescer = ChangeCoalescer(settle: settle)
        coalescer.event(at: .milliseconds(30))
        coalescer.event(at: .milliseconds(20))
        #expect(coalescer.nextDeadline == .milliseconds(80))
    }

    @Test func theLongestWaitIsNeverShorterThanTheSettle() {
        let coalescer = ChangeCoalescer(settle: .milliseconds(100), longest: .milliseconds(10))
        #expect(coalescer.longest == .milliseconds(100))
        #expect(ChangeCoalescer(settle: .milliseconds(-5)).settle == .zero)
    }
}
