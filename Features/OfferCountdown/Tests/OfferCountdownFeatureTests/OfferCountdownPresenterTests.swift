import FeatureHostCore
import FeatureHostTesting
import Testing

@testable import OfferCountdownFeature

@MainActor
@Suite("Offer countdown presenter")
struct OfferCountdownPresenterTests {
    @Test("waits at 01:00:00:00 until the screen is displayed, then counts down and rolls each changing digit")
    func startsWhenDisplayed() async throws {
        let h = try Harness()
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("01:00:00:00", .waiting)))
        await h.advance(seconds: 10)
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("01:00:00:00", .waiting)))
        #expect(h.host.clock.sleeperCount == 0)

        h.presenter.send(.lifecycle(.appear))
        #expect(h.presenter.viewState == Expect.running("01:00:00:00"))
        await h.advance(seconds: 0.999)
        #expect(h.presenter.viewState == Expect.running("01:00:00:00"))

        // One second later every digit that changed rolls; the day's tens digit stays still.
        await h.advance(seconds: 0.001)
        let rolling = [
            RollingDigit(0), RollingDigit(0, roll: DigitRoll(from: 1, progress: 0)),
            RollingDigit(2, roll: DigitRoll(from: 0, progress: 0)), RollingDigit(3, roll: DigitRoll(from: 0, progress: 0)),
            RollingDigit(5, roll: DigitRoll(from: 0, progress: 0)), RollingDigit(9, roll: DigitRoll(from: 0, progress: 0)),
            RollingDigit(5, roll: DigitRoll(from: 0, progress: 0)), RollingDigit(9, roll: DigitRoll(from: 0, progress: 0)),
        ]
        #expect(h.presenter.viewState == Expect.state(CountdownView(text: "00:23:59:59", digits: rolling, phase: .running)))

        await h.advance(seconds: 0.175)
        #expect(
            h.presenter.viewState
                == Expect.state(Expect.countdown("00:23:59:59", .running, rollingFrom: "01:00:00:00", progress: 0.5)))
        await h.advance(seconds: 0.174)
        #expect(h.presenter.viewState.countdown.digits[1].roll == DigitRoll(from: 1, progress: 0.5))
        await h.advance(seconds: 0.001)
        #expect(h.presenter.viewState == Expect.running("00:23:59:59"))

        // Only the seconds digit rolls at the next change.
        await h.advance(seconds: 0.65)
        #expect(
            h.presenter.viewState
                == Expect.state(Expect.countdown("00:23:59:58", .running, rollingFrom: "00:23:59:59", progress: 0)))
        #expect(h.presenter.viewState.countdown.digits.filter { $0.roll != nil }.count == 1)
    }

    @Test("after 5.5 s it shows 00:23:59:55 with nothing rolling")
    func halfSecond() async throws {
        let h = try Harness()
        h.presenter.send(.lifecycle(.appear))
        await h.advance(seconds: 5.5)
        #expect(h.presenter.viewState == Expect.running("00:23:59:55"))
        #expect(!h.presenter.viewState.countdown.isRolling)
    }

    @Test("asks for one frame per second plus two roll frames, and none in between")
    func framesPerSecond() async throws {
        let h = try Harness()
        var frames: [Duration] = []
        let observation = h.presenter.observe { _ in frames.append(h.host.clock.now.offset) }
        h.presenter.send(.lifecycle(.appear))
        await h.advance(seconds: 3)
        #expect(
            frames == [
                .zero, .seconds(1), .milliseconds(1_175), .milliseconds(1_350), .seconds(2), .milliseconds(2_175),
                .milliseconds(2_350), .seconds(3),
            ])
        observation.cancel()
    }

    @Test("the background pauses the countdown and the foreground resumes it where it was")
    func pauseResume() async throws {
        let h = try Harness()
        h.presenter.send(.lifecycle(.appear))
        await h.advance(seconds: 5.5)
        let framesBefore = h.presenter.changeCount

        h.presenter.send(.lifecycle(.didEnterBackground))
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("00:23:59:55", .paused)))
        #expect(h.host.clock.sleeperCount == 0)
        await h.advance(seconds: 3_600)
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("00:23:59:55", .paused)))
        #expect(h.presenter.changeCount == framesBefore + 1)

        h.presenter.send(.lifecycle(.willEnterForeground))
        #expect(h.presenter.viewState == Expect.running("00:23:59:55"))
        // The half second left before the pause is what is left now.
        await h.advance(seconds: 0.499)
        #expect(h.presenter.viewState == Expect.running("00:23:59:55"))
        await h.advance(seconds: 0.001)
        #expect(
            h.presenter.viewState
                == Expect.state(Expect.countdown("00:23:59:54", .running, rollingFrom: "00:23:59:55", progress: 0)))
    }

    @Test("a pause during a roll shows the digits settled, and the next change rolls again")
    func pauseMidRoll() async throws {
        let h = try Harness()
        h.presenter.send(.lifecycle(.appear))
        await h.advance(seconds: 1.1)
        #expect(h.presenter.viewState.countdown.isRolling)
        h.presenter.send(.lifecycle(.didEnterBackground))
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("00:23:59:59", .paused)))
        await h.advance(seconds: 60)
        h.presenter.send(.lifecycle(.willEnterForeground))
        #expect(h.presenter.viewState == Expect.running("00:23:59:59"))
        await h.advance(seconds: 0.899)
        #expect(h.presenter.viewState == Expect.running("00:23:59:59"))
        await h.advance(seconds: 0.001)
        #expect(
            h.presenter.viewState
                == Expect.state(Expect.countdown("00:23:59:58", .running, rollingFrom: "00:23:59:59", progress: 0)))
    }

    @Test("a background before the screen appears keeps it waiting until the foreground")
    func backgroundBeforeAppear() async throws {
        let h = try Harness()
        h.presenter.send(.lifecycle(.didEnterBackground))
        h.presenter.send(.lifecycle(.appear))
        await h.advance(seconds: 5)
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("01:00:00:00", .paused)))
        h.presenter.send(.lifecycle(.willEnterForeground))
        await h.advance(seconds: 1.5)
        #expect(h.presenter.viewState == Expect.running("00:23:59:59"))
    }

    @Test("stops at 00:00:00:00: the last roll ends, then no more wake-ups or frames")
    func stopsAtZero() async throws {
        let h = try Harness(settings: ["duration": .number(3)])
        h.presenter.send(.lifecycle(.appear))
        #expect(h.presenter.viewState == Expect.running("00:00:00:03"))
        await h.advance(seconds: 3)
        #expect(
            h.presenter.viewState
                == Expect.state(
                    Expect.countdown("00:00:00:00", .finished, rollingFrom: "00:00:00:01", progress: 0), buttonEnabled: false))
        await h.advance(seconds: 0.35)
        let finished = Expect.state(Expect.countdown("00:00:00:00", .finished), buttonEnabled: false)
        #expect(h.presenter.viewState == finished)
        #expect(h.host.clock.sleeperCount == 0)
        let frames = h.presenter.changeCount
        await h.advance(seconds: 600)
        #expect(h.presenter.viewState == finished)
        #expect(h.presenter.changeCount == frames)

        // The offer expired: activating does nothing, and the background changes nothing.
        h.presenter.send(.activate)
        #expect(h.presenter.viewState == finished)
        h.presenter.send(.lifecycle(.didEnterBackground))
        h.presenter.send(.lifecycle(.willEnterForeground))
        #expect(h.presenter.viewState == finished)
    }

    @Test("activating opens the popup with the countdown's value; the countdown keeps running behind it")
    func activates() async throws {
        let h = try Harness(settings: ["duration": .number(200)])
        h.presenter.send(.lifecycle(.appear))
        await h.advance(seconds: 5.35)
        h.presenter.send(.activate)
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("00:00:03:15", .running), popupTime: "03:15"))

        await h.advance(seconds: 1)
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("00:00:03:14", .running), popupTime: "03:15"))
        h.presenter.send(.activate)  // Enter on the popup closes it; a stray activate changes nothing
        #expect(h.presenter.viewState.popup?.message == "Offer activated at 03:15")

        h.presenter.send(.dismissPopup)
        #expect(h.presenter.viewState == Expect.running("00:00:03:14"))

        // A second activation shows the moment of the first.
        await h.advance(seconds: 10)
        h.presenter.send(.activate)
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("00:00:03:04", .running), popupTime: "03:15"))
        h.presenter.send(.dismissPopup)

        // At zero an activated offer stays activated: the button still shows its popup.
        await h.advance(seconds: 200)
        h.presenter.send(.activate)
        #expect(h.presenter.viewState == Expect.state(Expect.countdown("00:00:00:00", .finished), popupTime: "03:15"))
    }

    @Test(
        "the popup's time is the value at the moment of activation",
        arguments: [(0.0, "01:00:00:00"), (0.999, "01:00:00:00"), (3.0, "23:59:57"), (19.2, "23:59:41")])
    func popupTime(after seconds: Double, expected: String) async throws {
        let h = try Harness()
        h.presenter.send(.lifecycle(.appear))
        await h.advance(seconds: seconds)
        h.presenter.send(.activate)
        #expect(h.presenter.viewState.popup?.message == "Offer activated at \(expected)")
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
