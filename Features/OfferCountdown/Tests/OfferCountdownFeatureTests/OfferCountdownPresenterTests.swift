import FeatureHostCore
import FeatureHostTesting
import OfferCountdownFixtures
import Testing

@testable import OfferCountdownFeature

/// The presenter through a `PresenterTestStore`: each change it makes is asserted whole, with the instant it came
/// at where that matters, and each test ends with nothing unasserted and no timer left running (the background
/// stops it, as the app's would).
@MainActor
@Suite("Offer countdown presenter")
struct OfferCountdownPresenterTests {
    @Test("waits at 01:00:00:00 until the screen is displayed, then counts down and rolls each changing digit")
    func startsWhenDisplayed() async throws {
        let h = try Harness()
        let store = h.store()
        #expect(store.state == Expect.state(Expect.countdown("01:00:00:00", .waiting)))
        await store.advance(by: .seconds(10))  // nothing runs before the screen appears
        #expect(h.host.clock.sleeperCount == 0)

        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("01:00:00:00") }
        await store.advance(by: .milliseconds(999))
        // One second later every digit that changed rolls; the day's tens digit stays still.
        await store.advance(by: .milliseconds(1)) {
            $0.countdown = CountdownState(
                text: "00:23:59:59",
                digits: [
                    RollingDigit(0), RollingDigit(0, roll: DigitRoll(from: 1, progress: 0)),
                    RollingDigit(2, roll: DigitRoll(from: 0, progress: 0)), RollingDigit(3, roll: DigitRoll(from: 0, progress: 0)),
                    RollingDigit(5, roll: DigitRoll(from: 0, progress: 0)), RollingDigit(9, roll: DigitRoll(from: 0, progress: 0)),
                    RollingDigit(5, roll: DigitRoll(from: 0, progress: 0)), RollingDigit(9, roll: DigitRoll(from: 0, progress: 0)),
                ], phase: .running)
        }
        await store.advance(by: .milliseconds(175)) {
            $0.countdown = Expect.countdown("00:23:59:59", .running, rollingFrom: "01:00:00:00", progress: 0.5)
        }
        await store.advance(by: .milliseconds(174))
        await store.advance(by: .milliseconds(1)) { $0 = Expect.running("00:23:59:59") }

        // Only the seconds digit rolls at the next change.
        await store.advance(by: .milliseconds(650)) {
            $0.countdown = Expect.countdown("00:23:59:58", .running, rollingFrom: "00:23:59:59", progress: 0)
        }
        #expect(store.state.countdown.digits.filter { $0.roll != nil }.count == 1)
        store.send(.lifecycle(.didEnterBackground)) { $0.countdown = Expect.countdown("00:23:59:58", .paused) }
        await store.finish()
    }

    @Test("after 5.5 s it shows 00:23:59:55 with nothing rolling")
    func halfSecond() async throws {
        let store = try Harness().store()
        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("01:00:00:00") }
        await store.advance(by: .seconds(exactly: 5.5))
        #expect(store.skipReceivedChanges { $0 = Expect.running("00:23:59:55") } == 5 * 3, "each second and its two roll steps")
        #expect(!store.state.countdown.isRolling)
        store.send(.lifecycle(.didEnterBackground)) { $0.countdown.phase = .paused }
        await store.finish()
    }

    @Test("one change per second plus two roll steps, each at its own instant, and none in between")
    func changesPerSecond() async throws {
        let store = try Harness().store()
        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("01:00:00:00") }
        await store.advance(by: .seconds(3))
        for (second, old, new) in [(1, "01:00:00:00", "00:23:59:59"), (2, "00:23:59:59", "00:23:59:58")] {
            let start = Duration.seconds(second)
            await store.receive(at: start) { $0.countdown = Expect.countdown(new, .running, rollingFrom: old, progress: 0) }
            await store.receive(at: start + .milliseconds(175)) {
                $0.countdown = Expect.countdown(new, .running, rollingFrom: old, progress: 0.5)
            }
            await store.receive(at: start + .milliseconds(350)) { $0 = Expect.running(new) }
        }
        await store.receive(at: .seconds(3)) {
            $0.countdown = Expect.countdown("00:23:59:57", .running, rollingFrom: "00:23:59:58", progress: 0)
        }
        store.send(.lifecycle(.didEnterBackground)) { $0.countdown = Expect.countdown("00:23:59:57", .paused) }
        await store.finish()
    }

    @Test("on a surface that animates the roll itself, one change per second, each the roll's start, and the last ends it")
    func changesPerSecondWhenTheSurfaceAnimates() async throws {
        let store = try Harness(settings: ["duration": .number(3)], motion: .animated).store()
        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("00:00:00:03") }
        await store.advance(by: .seconds(4))
        for (second, old, new) in [(1, "00:00:00:03", "00:00:00:02"), (2, "00:00:00:02", "00:00:00:01")] {
            await store.receive(at: .seconds(second)) { $0.countdown = Expect.countdown(new, .running, rollingFrom: old, progress: 0) }
        }
        await store.receive(at: .seconds(3)) {
            $0 = Expect.state(Expect.countdown("00:00:00:00", .finished, rollingFrom: "00:00:00:01", progress: 0), buttonEnabled: false)
        }
        // No step and no end: the surface runs the roll; nothing more wakes the presenter.
        await store.advance(by: .seconds(600))
        await store.finish()
    }

    @Test("the background pauses the countdown and the foreground resumes it where it was")
    func pauseResume() async throws {
        let h = try Harness()
        let store = h.store()
        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("01:00:00:00") }
        await store.advance(by: .seconds(exactly: 5.5))
        store.skipReceivedChanges { $0 = Expect.running("00:23:59:55") }

        store.send(.lifecycle(.didEnterBackground)) { $0.countdown.phase = .paused }
        #expect(h.host.clock.sleeperCount == 0)
        await store.advance(by: .seconds(3_600))  // no change while in the background

        store.send(.lifecycle(.willEnterForeground), starts: ["countdown"]) { $0.countdown.phase = .running }
        // The half second left before the pause is what is left now.
        await store.advance(by: .milliseconds(499))
        await store.advance(by: .milliseconds(1)) {
            $0.countdown = Expect.countdown("00:23:59:54", .running, rollingFrom: "00:23:59:55", progress: 0)
        }
        store.send(.lifecycle(.didEnterBackground)) { $0.countdown = Expect.countdown("00:23:59:54", .paused) }
        await store.finish()
    }

    @Test("a pause during a roll shows the digits settled, and the next change rolls again")
    func pauseMidRoll() async throws {
        let store = try Harness().store()
        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("01:00:00:00") }
        await store.advance(by: .milliseconds(1_100)) {
            $0.countdown = Expect.countdown("00:23:59:59", .running, rollingFrom: "01:00:00:00", progress: 0)
        }
        store.send(.lifecycle(.didEnterBackground)) { $0.countdown = Expect.countdown("00:23:59:59", .paused) }
        await store.advance(by: .seconds(60))
        store.send(.lifecycle(.willEnterForeground), starts: ["countdown"]) { $0 = Expect.running("00:23:59:59") }
        await store.advance(by: .milliseconds(899))
        await store.advance(by: .milliseconds(1)) {
            $0.countdown = Expect.countdown("00:23:59:58", .running, rollingFrom: "00:23:59:59", progress: 0)
        }
        store.send(.lifecycle(.didEnterBackground)) { $0.countdown = Expect.countdown("00:23:59:58", .paused) }
        await store.finish()
    }

    @Test("a background before the screen appears keeps it waiting until the foreground")
    func backgroundBeforeAppear() async throws {
        let store = try Harness().store()
        store.send(.lifecycle(.didEnterBackground))  // still waiting: nothing to show
        store.send(.lifecycle(.appear)) { $0.countdown.phase = .paused }
        await store.advance(by: .seconds(5))
        store.send(.lifecycle(.willEnterForeground), starts: ["countdown"]) { $0.countdown.phase = .running }
        await store.advance(by: .milliseconds(1_500))
        store.skipReceivedChanges { $0 = Expect.running("00:23:59:59") }
        store.send(.lifecycle(.didEnterBackground)) { $0.countdown.phase = .paused }
        await store.finish()
    }

    @Test("stops at 00:00:00:00: the last roll ends, then no more wake-ups or changes")
    func stopsAtZero() async throws {
        let store = try Harness(settings: ["duration": .number(3)]).store()
        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("00:00:00:03") }
        await store.advance(by: .seconds(3))
        store.skipReceivedChanges {
            $0 = Expect.state(
                Expect.countdown("00:00:00:00", .finished, rollingFrom: "00:00:00:01", progress: 0), buttonEnabled: false)
        }
        await store.advance(by: .milliseconds(350))
        await store.receive(at: .milliseconds(3_175)) {
            $0.countdown = Expect.countdown("00:00:00:00", .finished, rollingFrom: "00:00:00:01", progress: 0.5)
        }
        await store.receive(at: .milliseconds(3_350)) { $0.countdown = Expect.countdown("00:00:00:00", .finished) }
        await store.advance(by: .seconds(600))

        // The offer expired: activating does nothing, and the background changes nothing.
        store.send(.activate)
        store.send(.lifecycle(.didEnterBackground))
        store.send(.lifecycle(.willEnterForeground))
        await store.finish()  // no timer left: the countdown has nothing more to show
    }

    @Test("activating opens the popup with the countdown's value; the countdown keeps running behind it")
    func activates() async throws {
        let store = try Harness(settings: ["duration": .number(200)]).store()
        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("00:00:03:20") }
        await store.advance(by: .seconds(exactly: 5.35))
        store.skipReceivedChanges { $0 = Expect.running("00:00:03:15") }
        store.send(.activate) {
            $0 = Expect.state(Expect.countdown("00:00:03:15", .running), popupTime: "03:15", activated: true)
        }

        await store.advance(by: .seconds(1))
        store.skipReceivedChanges {
            $0 = Expect.state(Expect.countdown("00:00:03:14", .running), popupTime: "03:15", activated: true)
        }
        store.send(.activate)  // Enter on the popup closes it; a stray activate changes nothing
        // Closed, the screen still says the offer is activated: the button does.
        store.send(.dismissPopup) { $0 = Expect.running("00:00:03:14", activated: true) }

        // A second activation shows the moment of the first, and says it is that earlier one.
        await store.advance(by: .seconds(10))
        store.skipReceivedChanges { $0 = Expect.running("00:00:03:04", activated: true) }
        store.send(.activate) {
            $0 = Expect.state(Expect.countdown("00:00:03:04", .running), popupTime: "03:15", activated: true, earlier: true)
        }
        store.send(.dismissPopup) { $0 = Expect.running("00:00:03:04", activated: true) }

        // At zero an activated offer stays activated: the button still shows its popup.
        await store.advance(by: .seconds(200))
        store.skipReceivedChanges { $0 = Expect.state(Expect.countdown("00:00:00:00", .finished), activated: true) }
        store.send(.activate) {
            $0 = Expect.state(Expect.countdown("00:00:00:00", .finished), popupTime: "03:15", activated: true, earlier: true)
        }
        await store.finish()
    }

    @Test(
        "the popup's time is the value at the moment of activation",
        arguments: [(0.0, "01:00:00:00"), (0.999, "01:00:00:00"), (3.0, "23:59:57"), (19.2, "23:59:41")])
    func popupTime(after seconds: Double, expected: String) async throws {
        let store = try Harness().store()
        store.send(.lifecycle(.appear), starts: ["countdown"]) { $0 = Expect.running("01:00:00:00") }
        await store.advance(by: .seconds(exactly: seconds))
        store.skipReceivedChanges()
        store.send(.activate) {
            $0.popup = Expect.popup(expected)
            $0.focus = .popup
            $0.activateButton.title = "OFFER ACTIVATED"
        }
        store.send(.lifecycle(.didEnterBackground)) { $0.countdown = Expect.countdown($0.countdown.text, .paused) }
        await store.finish()
    }

    @Test("a dropped presenter leaves no sleeper behind")
    func releases() async throws {
        let host = try TestHost()
        let context = try host.context(id: "offer-countdown")
        var presenter: OfferCountdownPresenter? = OfferCountdownPresenter(
            timeline: context.makeTimeline(), effects: context.makeEffects(), duration: .seconds(10), rollDuration: .zero)
        presenter?.send(.lifecycle(.appear))
        await host.clock.settle()
        #expect(host.clock.sleeperCount == 1)
        presenter = nil
        await host.clock.settle()
        #expect(host.clock.sleeperCount == 0)
    }
}
