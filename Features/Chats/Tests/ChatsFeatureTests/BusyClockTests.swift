import ChatsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

/// A clock that keeps the test clock's time plus the work done so far (`work(_:)`): time that passes while a
/// presenter's send runs, as on a busy machine, so a tick's view state and the timer's question for its next
/// deadline see different instants. Sleepers wake on the test clock when this clock reads their deadline.
private final class BusyClock: ManualClockBased, @unchecked Sendable {
    let base: TestClock
    private let lag = Locked<Duration>(.zero)

    init(base: TestClock) { self.base = base }

    /// `duration` of work: this clock reads that much later from now on.
    func work(_ duration: Duration) { lag.withLock { $0 += duration } }

    var now: TestClock.Instant { base.now.advanced(by: lag.withLock { $0 }) }
    var minimumResolution: Duration { .zero }
    var manualClock: ManualClock { base }
    func sleep(until deadline: TestClock.Instant, tolerance: Duration?) async throws {
        try await base.sleep(until: wakeUpInstant(for: deadline), tolerance: nil)
    }
    func wakeUpInstant(for deadline: TestClock.Instant) -> TestClock.Instant {
        deadline.advanced(by: .zero - lag.withLock { $0 })
    }
}

@MainActor
@Suite("Presenter on a busy machine")
struct BusyClockTests {
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
