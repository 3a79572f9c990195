import ChatsFixtures
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

/// The presenter from launch to list through a `PresenterTestStore`: each change asserted whole, with its instant;
/// a long run of loader steps (each covered by `LoadingAnimationTests`) is skipped to where it ends.
@MainActor
@Suite("Presenter: launch, loading, hand-over")
struct PresenterTimelineTests {
    nonisolated static let chats = [
        Fixtures.chat(1, "Ann Lee", message: "Older", unread: 0, at: "2026-03-15T09:00:00Z"),
        Fixtures.chat(2, "Bo Ek", message: "Newer", unread: 3, at: "2026-03-16T11:00:00Z"),
    ]
    nonisolated static let sorted = [chats[1], chats[0]]
    nonisolated static let summary = "2 chats · 3 unread messages"

    static func state(
        _ screen: ChatsViewState.Screen, loader: (Int, Int, Double), loading: LayerState = .identity,
        behind listLayer: LayerState = LayerState(scale: 0.7, opacity: 1), progress: Double = 0, list: ChatListState
    ) -> ChatsViewState {
        ChatsViewState(
            screen: screen, loadingLabel: "Loading",
            loader: LoaderState(frameIndex: loader.0, nextFrameIndex: loader.1, dissolve: loader.2, frameCount: 6),
            loadingLayer: loading, listLayer: listLayer, transitionProgress: progress, list: list)
    }

    /// The list screen after the hand-over.
    static func listed(_ list: ChatListState) -> ChatsViewState {
        state(.list, loader: (5, 0, 0), loading: LayerState(scale: 1.2, opacity: 0), behind: .identity, progress: 1, list: list)
    }

    static let middle = (loading: LayerState(scale: 1.1, opacity: 0.5), list: LayerState(scale: 0.85, opacity: 1))

    @Test func launchThenLoadingThenHandOverThenList() async throws {
        let host = try TestHost(transport: ManualTransport())
        let store = PresenterTestStore(try Fixtures.presenter(host, source: Fixtures.source(Self.chats), timing: .standard), host: host)
        let list = Fixtures.list(Self.sorted, summary: Self.summary)
        #expect(store.state == Self.state(.launch, loader: (0, 1, 0), list: Fixtures.loadingList))

        store.send(.lifecycle(.appear), starts: ["load", "clock"])
        // The launch screen stays for `launchDuration` (0.5 s) while the data loads behind it.
        await store.receive(at: .zero, starts: ["clock"]) { $0.list = list }
        await store.advance(by: .milliseconds(499))
        await store.advance(by: .milliseconds(1)) { $0.screen = .loading }
        // The loader samples each dissolve four times.
        await store.advance(by: .milliseconds(50))
        await store.receive(at: .milliseconds(525)) { $0.loader.dissolve = 0.25 }
        await store.receive(at: .milliseconds(550)) { $0.loader.dissolve = 0.5 }

        await store.advance(by: .milliseconds(1_950))
        #expect(store.skipReceivedChanges { $0 = Self.state(.transition, loader: (2, 3, 0), list: list) } == 78)

        await store.advance(by: .milliseconds(150))
        await store.receive(at: .milliseconds(2_525)) {
            $0.loader = LoaderState(frameIndex: 2, nextFrameIndex: 3, dissolve: 0.25, frameCount: 6)
            $0.loadingLayer = LayerState(scale: 1.003935, opacity: 0.980324)
            $0.listLayer = LayerState(scale: 0.705903, opacity: 1)
            $0.transitionProgress = 0.083333
        }
        store.skipReceivedChanges {
            $0 = Self.state(
                .transition, loader: (3, 4, 0.5), loading: Self.middle.loading, behind: Self.middle.list, progress: 0.5, list: list)
        }

        await store.advance(by: .milliseconds(150))
        #expect(store.skipReceivedChanges { $0 = Self.listed(list) } == 6)

        // Nothing moves on the list: no frames between 2.8 s and 3.0 s.
        await store.advance(by: .milliseconds(200))
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    @Test func loaderKeepsLoopingUntilLateDataThenHandsOver() async throws {
        let host = try TestHost(transport: ManualTransport())
        let gate = AsyncGate()
        let source = ChatsSource {
            await gate.wait()
            return Loaded(Self.chats)
        }
        let store = PresenterTestStore(try Fixtures.presenter(host, source: source, timing: .standard), host: host)
        store.send(.lifecycle(.appear), starts: ["load", "clock"])
        // The load is held: the clock alone moves (`store.advance` would wait for the load).
        await host.clock.advance(by: .milliseconds(500))
        await store.receive(at: .milliseconds(500)) { $0.screen = .loading }
        await host.clock.advance(by: .seconds(2))
        #expect(store.skipReceivedChanges { $0.loader = LoaderState(frameIndex: 2, nextFrameIndex: 3, dissolve: 0, frameCount: 6) } == 80)
        // Sampled at the last step (3.0 s into the loading screen), not in between.
        await host.clock.advance(by: .milliseconds(1_010))
        store.skipReceivedChanges { $0.loader = LoaderState(frameIndex: 0, nextFrameIndex: 1, dissolve: 0, frameCount: 6) }

        gate.open()
        let list = Fixtures.list(Self.sorted, summary: Self.summary, now: Fixtures.start.addingTimeInterval(3.51))
        await store.receive(at: .milliseconds(3_510), starts: ["clock"]) { $0 = Self.state(.transition, loader: (0, 1, 0.1), list: list) }

        // The hand-over's steps count from its own start (3.51 s), not from the loader's grid.
        await store.advance(by: .milliseconds(25))
        await store.receive(at: .milliseconds(3_535)) {
            $0.loader.dissolve = 0.35
            $0.loadingLayer = LayerState(scale: 1.003935, opacity: 0.980324)
            $0.listLayer = LayerState(scale: 0.705903, opacity: 1)
            $0.transitionProgress = 0.083333
        }
        await store.advance(by: .milliseconds(125))
        #expect(
            store.skipReceivedChanges {
                $0 = Self.state(
                    .transition, loader: (1, 2, 0.6), loading: Self.middle.loading, behind: Self.middle.list, progress: 0.5, list: list)
            } == 5)
        await store.advance(by: .milliseconds(150))
        store.skipReceivedChanges {
            $0 = Self.state(
                .list, loader: (3, 4, 0.1), loading: LayerState(scale: 1.2, opacity: 0), behind: .identity, progress: 1, list: list)
        }
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    @Test func loadErrorHandsOverToAnErrorWithRetry() async throws {
        let host = try TestHost(transport: ManualTransport())
        let attempts = Counter()
        let source = ChatsSource {
            if attempts.next() == 1 { throw FeatureError("/data/chats.plist: the file does not exist.") }
            return Loaded(Self.chats)
        }
        let store = PresenterTestStore(try Fixtures.presenter(host, source: source, timing: .standard), host: host)
        store.send(.lifecycle(.appear), starts: ["load", "clock"])
        let failed = ChatListState(
            title: "Chats",
            content: .failed(
                title: "Couldn’t load your chats", message: "/data/chats.plist: the file does not exist.",
                hint: "Check the source, then try again.", retry: "Try Again"))
        await store.receive(at: .zero, starts: ["clock"]) { $0.list = failed }

        await store.advance(by: .milliseconds(2_800))
        store.skipReceivedChanges { $0 = Self.listed(failed) }

        store.send(.reload, starts: ["load"]) { $0.list = Fixtures.loadingList }
        await store.receive {
            $0.list = Fixtures.list(Self.sorted, summary: Self.summary, now: Fixtures.start.addingTimeInterval(2.8))
        }
        #expect(attempts.value == 2)
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    @Test func backgroundStopsTheAnimationAndForegroundCatchesUp() async throws {
        let host = try TestHost(transport: ManualTransport())
        let store = PresenterTestStore(try Fixtures.presenter(host, source: Fixtures.source(Self.chats), timing: .standard), host: host)
        let list = Fixtures.list(Self.sorted, summary: Self.summary)
        store.send(.lifecycle(.appear), starts: ["load", "clock"])
        await store.receive(at: .zero, starts: ["clock"]) { $0.list = list }
        await store.advance(by: .seconds(1))
        store.skipReceivedChanges { $0 = Self.state(.loading, loader: (5, 0, 0), list: list) }
        store.send(.lifecycle(.didEnterBackground))
        #expect(host.clock.sleeperCount == 0)
        await store.advance(by: .seconds(2))

        // Back at 3 s: the hand-over ended meanwhile, and "now" for the dates is the return.
        store.send(.lifecycle(.willEnterForeground), starts: ["clock"]) {
            $0 = Self.listed(Fixtures.list(Self.sorted, summary: Self.summary, now: Fixtures.start.addingTimeInterval(3)))
        }
        #expect(host.clock.sleeperCount == 1, "the timer runs again, to local midnight")
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    @Test func relativeDatesMoveOnAtLocalMidnight() async throws {
        let host = try TestHost(transport: ManualTransport())
        let store = PresenterTestStore(try Fixtures.presenter(host, source: Fixtures.source(Self.chats), timing: .standard), host: host)
        store.send(.lifecycle(.appear), starts: ["load", "clock"])
        await store.receive(at: .zero, starts: ["clock"]) { $0.list = Fixtures.list(Self.sorted, summary: Self.summary) }
        await store.advance(by: .seconds(3))
        store.skipReceivedChanges { $0 = Self.listed(Fixtures.list(Self.sorted, summary: Self.summary)) }
        #expect(store.state.list.rows?.map(\.date) == ["11:00", "Yesterday"])
        // 12:34:03 → 00:00:00 the next day is 41,157 s; the timer wakes just after (`Date` arithmetic's error
        // rounded up to a whole millisecond, and one more).
        await store.advance(by: .seconds(41_156))
        let midnight = Duration.seconds(41_160) + .milliseconds(2)
        await store.advance(by: .seconds(2))
        await store.receive(at: midnight) {
            $0.list = Fixtures.list(Self.sorted, summary: Self.summary, now: Fixtures.start.addingTimeInterval(midnight.seconds))
        }
        #expect(store.state.list.rows?.map(\.date) == ["Yesterday", "Sunday"])
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    @Test func zeroLaunchShowsTheLoaderAtOnce() async throws {
        let host = try TestHost(transport: ManualTransport())
        let store = PresenterTestStore(
            try Fixtures.presenter(
                host, source: Fixtures.source(Self.chats),
                timing: ChatsSettings(frameDuration: 0.1, loadingDuration: 2, transitionDuration: 0.3, launchDuration: 0)),
            host: host)
        let list = Fixtures.list(Self.sorted, summary: Self.summary)
        store.send(.lifecycle(.appear), starts: ["load", "clock"]) { $0.screen = .loading }
        await store.receive(at: .zero, starts: ["clock"]) { $0.list = list }
        await store.advance(by: .milliseconds(2_300))
        store.skipReceivedChanges { $0 = Self.listed(list) }
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    @Test func zeroTransitionHandsOverAtOnce() async throws {
        let host = try TestHost(transport: ManualTransport())
        let store = PresenterTestStore(
            try Fixtures.presenter(
                host, source: Fixtures.source(Self.chats),
                timing: ChatsSettings(frameDuration: 0.1, loadingDuration: 0.5, transitionDuration: 0)),
            host: host)
        let list = Fixtures.list(Self.sorted, summary: Self.summary)
        store.send(.lifecycle(.appear), starts: ["load", "clock"])
        await store.receive(at: .zero, starts: ["clock"]) { $0.list = list }
        await store.advance(by: .milliseconds(999))
        store.skipReceivedChanges { $0 = Self.state(.loading, loader: (4, 5, 0.75), list: list) }
        await store.advance(by: .milliseconds(1)) { $0 = Self.listed(list) }
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }
}
