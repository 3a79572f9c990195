import FeatureHostCore
import FeatureHostTesting
import Testing

@testable import OfferCountdownFeature

/// One countdown per run of the host: every instance of the feature the host builds (the shell's, each web
/// page's) shows the run's countdown and activation; each keeps its own popup, and the countdown pauses only
/// when no screen that appeared is in the foreground.
@MainActor
@Suite("Offer countdown: one per run")
struct OfferRunTests {
    private func screens(_ count: Int, on host: TestHost) throws -> [OfferCountdownFeature] {
        try (0..<count).map { _ in try OfferCountdownFeature(context: host.context(id: "offer-countdown")) }
    }

    @Test("a second screen of the run (a reload, a second tab) continues the same countdown, not a new one")
    func secondScreenContinues() async throws {
        let host = try TestHost()
        let first = try screens(1, on: host)[0].presenter
        first.send(.lifecycle(.appear))
        await host.advance(by: .seconds(90))
        #expect(first.viewState.countdown.text == "00:23:58:30")
        // Made and shown after 90 s: it starts where the run is, not at 01:00:00:00.
        let second = try screens(1, on: host)[0].presenter
        #expect(second.viewState.countdown.text == "00:23:58:30")
        second.send(.lifecycle(.appear))
        await host.advance(by: .seconds(10))
        #expect(first.viewState.countdown.text == "00:23:58:20")
        #expect(second.viewState.countdown.text == "00:23:58:20")
        first.send(.lifecycle(.didEnterBackground))
        second.send(.lifecycle(.didEnterBackground))
        #expect(await host.settle())
    }

    @Test("the activation time is the run's: every screen's popup shows the moment of the first activation")
    func activationIsShared() async throws {
        let host = try TestHost()
        let (first, second) = try {
            let made = try screens(2, on: host)
            return (made[0].presenter, made[1].presenter)
        }()
        first.send(.lifecycle(.appear))
        second.send(.lifecycle(.appear))
        await host.advance(by: .seconds(5))
        first.send(.activate)
        let message = try #require(first.viewState.popup?.message)
        #expect(second.viewState.popup == nil, "the popup is the screen's own")
        await host.advance(by: .seconds(30))
        second.send(.activate)
        #expect(second.viewState.popup?.message == message)
        // Another tab's press shows that same time and says it is the earlier activation; both buttons say so.
        #expect(first.viewState.popup?.note == nil)
        #expect(second.viewState.popup?.note == "Already activated earlier.")
        #expect(first.viewState.activateButton.title == "OFFER ACTIVATED")
        #expect(second.viewState.activateButton.title == "OFFER ACTIVATED")
        first.send(.lifecycle(.didEnterBackground))
        second.send(.lifecycle(.didEnterBackground))
        #expect(await host.settle())
    }

    @Test("the countdown pauses only when no screen that appeared is in the foreground, a released one included")
    func pausesWhenNoScreenShows() async throws {
        let host = try TestHost()
        var made = try screens(2, on: host)
        let first = made[0].presenter
        first.send(.lifecycle(.appear))
        made[1].presenter.send(.lifecycle(.appear))
        await host.advance(by: .seconds(1))
        first.send(.lifecycle(.didEnterBackground))
        await host.advance(by: .seconds(1))
        // The other screen still shows it: it ran on.
        #expect(made[1].presenter.viewState.countdown.text == "00:23:59:58")
        #expect(made[1].presenter.viewState.countdown.phase == .running)
        // That screen goes away (its page closed) without a background first: the countdown pauses with it.
        made.removeLast()
        await host.advance(by: .seconds(5))
        first.send(.lifecycle(.willEnterForeground))
        #expect(first.viewState.countdown.text == "00:23:59:58")
        #expect(first.viewState.countdown.phase == .running)
        first.send(.lifecycle(.didEnterBackground))
        #expect(await host.settle())
        _ = made
    }

    @Test("features of another host run count on their own")
    func anotherRunHasItsOwn() async throws {
        let (one, two) = (try TestHost(), try TestHost())
        let first = try screens(1, on: one)[0].presenter
        first.send(.lifecycle(.appear))
        await one.advance(by: .seconds(3))
        let other = try screens(1, on: two)[0].presenter
        #expect(other.viewState.countdown.text == "01:00:00:00")
        first.send(.lifecycle(.didEnterBackground))
        #expect(await one.settle())
    }
}
