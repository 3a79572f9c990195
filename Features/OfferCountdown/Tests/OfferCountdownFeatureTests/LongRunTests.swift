import FeatureHostCore
import FeatureHostTesting
import OfferCountdownFixtures
import Testing

@testable import OfferCountdownFeature

/// Serialized: each test holds the main actor for its whole run (the clock runs timers inline), so run side
/// by side each would be timed with the other's run included.
@MainActor
@Suite("A whole day", .serialized)
struct LongRunTests {
    @Test("24 hours with irregular, late wake-ups: every frame shows the clock's value and it ends at exactly zero")
    func wholeDay() async throws {
        let testClock = TestClock()
        let late = LateClock(base: testClock, maximumDelay: .milliseconds(1_400))
        let host = try TestHost()
        var context = try host.context(id: "offer-countdown")
        context.clock = late
        let presenter = try OfferCountdownFeature(context: context).presenter

        var frames = 0
        var wrong: [String] = []
        var seen = Set<Int>()
        let recorder = ViewStateRecorder(presenter, clock: testClock) { change in
            let state = change.state
            frames += 1
            // Ticks are late, so the value must come from the clock: ceil(86,400 s − elapsed).
            let elapsed = change.at
            let remaining = Duration.seconds(86_400) - elapsed
            let (whole, fraction) = remaining.components
            let expected = max(Int(whole) + (fraction > 0 ? 1 : 0), 0)
            if state.countdown.text != CountdownFormat.timer(expected), wrong.count < 5 {
                wrong.append("at \(elapsed): \(state.countdown.text), expected \(CountdownFormat.timer(expected))")
            }
            seen.insert(expected)
        }
        presenter.send(.lifecycle(.appear))

        // The host advances in uneven steps, as a live event loop would.
        var advanced = Duration.zero
        var step = 0
        while advanced < .seconds(86_399) {
            let chunk = Duration.milliseconds([997, 3_013, 60_000, 1, 250, 7_777][step % 6])
            let next = min(advanced + chunk, .seconds(86_399))
            await testClock.advance(by: next - advanced)
            advanced = next
            step += 1
        }
        #expect(presenter.viewState.countdown.phase == .running)

        // The wake-up for zero may be late, but never wrong: zero shows once the last delay has passed.
        await testClock.advance(by: .seconds(3))
        #expect(presenter.viewState == Expect.state(Expect.countdown("00:00:00:00", .finished), buttonEnabled: false))
        #expect(testClock.sleeperCount == 0)
        recorder.take()
        #expect(wrong.isEmpty, "\(wrong)")
        // Late wake-ups skip some values, but most seconds are shown, and the frames stay near 3 per second.
        #expect(seen.count > 40_000)
        #expect(frames < 3 * 86_400 + 10)
    }

    @Test("an hour on time: 3,600 changes, each with its two roll steps, and no other frame")
    func hourOnTime() async throws {
        let h = try Harness(settings: ["duration": .number(3_600)])
        h.presenter.send(.lifecycle(.appear))
        let start = h.presenter.changeCount
        await h.host.advance(seconds: 3_600.35)
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("00:00:00:00", .finished), buttonEnabled: false))
        #expect(h.presenter.changeCount - start == 3 * 3_600)
        #expect(h.host.clock.sleeperCount == 0)
    }
}
