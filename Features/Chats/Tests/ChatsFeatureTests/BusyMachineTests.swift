import ChatsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

@MainActor
@Suite("Presenter on a busy machine")
struct BusyMachineTests {
    /// CI's chats stall: the hand-over's last step ticked at 2.895 s, the timer asked for its next deadline 75 ms
    /// later, past the hand-over's end (2.96 s), got local midnight, and the page stayed on the transition. The
    /// next deadline counts from the tick's own instant, so the end is never skipped.
    @Test func theHandOverEndsWhenTimePassesBetweenATickAndTheNextDeadline() async throws {
        let host = try TestHost()
        let busy = BusyClock(base: host.clock)
        let shown = ShownScreens()
        let presenter = ChatsPresenter(
            source: Fixtures.source(PresenterTimelineTests.chats), timing: .standard, formatter: Fixtures.formatter(),
            timeline: MonotonicTimeline(clock: busy),
            now: { [host] in
                // A send reads the date once, after its instant: while the hand-over shows, 200 ms of work follow
                // (slow frames), so the timer asks for its next deadline well after the tick's instant.
                if shown.note() == .transition { busy.work(.milliseconds(200)) }
                return host.now
            }, calendar: Calendar(identifier: .gregorian), images: host.images, effects: host.makeEffects())
        shown.presenter = presenter
        presenter.send(.lifecycle(.appear))
        for _ in 0..<400 { await host.clock.advance(by: .milliseconds(10)) }
        _ = shown.note()
        #expect(shown.screens == [.launch, .loading, .transition, .list])
        presenter.send(.lifecycle(.didEnterBackground))
    }
}

/// The screens the presenter showed, in order, noted each time it reads the date (at every send).
private final class ShownScreens: @unchecked Sendable {
    weak var presenter: ChatsPresenter?
    private(set) var screens: [ChatsViewState.Screen] = []

    /// The screen shown now, noted when it is new; called on the main actor only.
    func note() -> ChatsViewState.Screen? {
        MainActor.assumeIsolated {
            guard let screen = presenter?.viewState.screen else { return nil }
            if screens.last != screen { screens.append(screen) }
            return screen
        }
    }
}
