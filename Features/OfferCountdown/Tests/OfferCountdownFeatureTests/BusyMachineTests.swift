import FeatureHostCore
import FeatureHostTesting
import Testing

@testable import OfferCountdownFeature

@MainActor
@Suite("The countdown on a busy machine")
struct BusyMachineTests {
    /// Time passes between a tick's view state and the timer's question for its next deadline: here 1.2 s of
    /// work after every read of the clock, so the question always comes after the next second has begun. The
    /// next deadline counts from the tick's instant, so the countdown still reaches zero. (Asked from the
    /// question's instant, the last second's end was skipped and the screen stayed on 00:00:00:01.)
    @Test func theCountdownEndsAtZeroWhenTimePassesBetweenATickAndTheNextDeadline() async throws {
        let host = try TestHost()
        let busy = BusyClock(base: host.clock, perRead: .milliseconds(1_200))
        var context = try host.context(id: "offer-countdown", settings: ["duration": .number(10), "rollDuration": .number(0)])
        context.clock = busy
        let presenter = try OfferCountdownFeature(context: context).presenter
        presenter.send(.lifecycle(.appear))
        for _ in 0..<30 { await host.clock.advance(by: .seconds(1)) }
        #expect(presenter.viewState.countdown.text == "00:00:00:00")
        #expect(presenter.viewState.countdown.phase == .finished)
        presenter.send(.lifecycle(.didEnterBackground))
    }
}
