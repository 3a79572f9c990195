import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

/// The presenter from launch to list, asserting the whole view state at each instant.
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

    @Test func launchThenLoadingThenHandOverThenList() async throws {
        let host = try TestHost(transport: ManualTransport())
        let presenter = try Fixtures.presenter(host, source: Fixtures.source(Self.chats), timing: .standard)
        let list = Fixtures.list(Self.sorted, summary: Self.summary)

        #expect(presenter.viewState == Self.state(.launch, loader: (0, 1, 0), list: Fixtures.loadingList))

        presenter.send(.lifecycle(.appear))
        await host.settle()
        // The launch screen stays for `launchDuration` (0.5 s) while the data loads behind it.
        #expect(presenter.viewState == Self.state(.launch, loader: (0, 1, 0), list: list))
        await host.advance(by: .milliseconds(499))
        #expect(presenter.viewState.screen == .launch)
        await host.advance(by: .milliseconds(1))
        #expect(presenter.viewState == Self.state(.loading, loader: (0, 1, 0), list: list))

        await host.advance(by: .milliseconds(50))
        #expect(presenter.viewState == Self.state(.loading, loader: (0, 1, 0.5), list: list))

        await host.advance(by: .milliseconds(1_950))
        #expect(presenter.viewState == Self.state(.transition, loader: (2, 3, 0), list: list))

        await host.advance(by: .milliseconds(150))
        #expect(
            presenter.viewState
                == Self.state(
                    .transition, loader: (3, 4, 0.5), loading: LayerState(scale: 1.1, opacity: 0.5),
                    behind: LayerState(scale: 0.85, opacity: 1), progress: 0.5, list: list))

        await host.advance(by: .milliseconds(150))
        let shown = Self.state(
            .list, loader: (5, 0, 0), loading: LayerState(scale: 1.2, opacity: 0), behind: .identity, progress: 1, list: list)
        #expect(presenter.viewState == shown)

        // Nothing moves on the list: no frames are asked for between 2.8 s and 3.0 s.
        let frames = presenter.changeCount
        await host.advance(by: .milliseconds(200))
        #expect(presenter.viewState == shown)
        #expect(presenter.changeCount == frames)
    }

    @Test func loaderKeepsLoopingUntilLateDataThenHandsOver() async throws {
        let host = try TestHost(transport: ManualTransport())
        let gate = AsyncGate()
        // The presenter counts the load in flight until its result is applied, so `settle()` waits for the
        // load the gate releases.
        let source = ChatsSource {
            await gate.wait()
            return Loaded(Self.chats)
        }
        let presenter = try Fixtures.presenter(host, source: source, timing: .standard)
        presenter.send(.lifecycle(.appear))
        await host.clock.advance(by: .milliseconds(500))
        #expect(presenter.viewState == Self.state(.loading, loader: (0, 1, 0), list: Fixtures.loadingList))
        await host.clock.advance(by: .seconds(2))
        #expect(presenter.viewState == Self.state(.loading, loader: (2, 3, 0), list: Fixtures.loadingList))
        // Sampled at the last step (3.0 s into the loading screen), not in between.
        await host.clock.advance(by: .milliseconds(1_010))
        #expect(presenter.viewState == Self.state(.loading, loader: (0, 1, 0), list: Fixtures.loadingList))

        gate.open()
        await host.settle()
        let list = Fixtures.list(Self.sorted, summary: Self.summary, now: Fixtures.start.addingTimeInterval(3.51))
        #expect(presenter.viewState == Self.state(.transition, loader: (0, 1, 0.1), list: list))

        await host.clock.advance(by: .milliseconds(150))
        #expect(
            presenter.viewState
                == Self.state(
                    .transition, loader: (1, 2, 0.6), loading: LayerState(scale: 1.1, opacity: 0.5),
                    behind: LayerState(scale: 0.85, opacity: 1), progress: 0.5, list: list))
        await host.clock.advance(by: .milliseconds(150))
        #expect(presenter.viewState.screen == .list)
        #expect(presenter.viewState.listLayer == .identity)
    }

    @Test func loadErrorHandsOverToAnErrorWithRetry() async throws {
        let host = try TestHost(transport: ManualTransport())
        let attempts = Counter()
        let source = ChatsSource {
            if attempts.next() == 1 { throw FeatureError("/data/chats.plist: the file does not exist.") }
            return Loaded(Self.chats)
        }
        let presenter = try Fixtures.presenter(host, source: source, timing: .standard)
        presenter.send(.lifecycle(.appear))
        await host.settle()
        let failed = ChatListState(
            title: "Chats",
            content: .failed(
                title: "Couldn’t load your chats", message: "/data/chats.plist: the file does not exist.",
                hint: "Check the source, then try again.", retry: "Try Again"))
        #expect(presenter.viewState == Self.state(.launch, loader: (0, 1, 0), list: failed))

        await host.advance(by: .milliseconds(2_800))
        #expect(
            presenter.viewState
                == Self.state(.list, loader: (5, 0, 0), loading: LayerState(scale: 1.2, opacity: 0), behind: .identity, progress: 1, list: failed))

        presenter.send(.reload)
        #expect(
            presenter.viewState
                == Self.state(.list, loader: (5, 0, 0), loading: LayerState(scale: 1.2, opacity: 0), behind: .identity, progress: 1, list: Fixtures.loadingList))
        await host.settle()
        let list = Fixtures.list(Self.sorted, summary: Self.summary, now: Fixtures.start.addingTimeInterval(2.8))
        #expect(
            presenter.viewState
                == Self.state(.list, loader: (5, 0, 0), loading: LayerState(scale: 1.2, opacity: 0), behind: .identity, progress: 1, list: list))
        #expect(attempts.value == 2)
    }

    @Test func backgroundStopsTheAnimationAndForegroundCatchesUp() async throws {
        let host = try TestHost(transport: ManualTransport())
        let presenter = try Fixtures.presenter(host, source: Fixtures.source(Self.chats), timing: .standard)
        presenter.send(.lifecycle(.appear))
        await host.advance(by: .seconds(1))
        presenter.send(.lifecycle(.didEnterBackground))
        let frames = presenter.changeCount
        await host.advance(by: .seconds(2))
        #expect(presenter.changeCount == frames)
        #expect(host.clock.sleeperCount == 0)

        presenter.send(.lifecycle(.willEnterForeground))
        #expect(presenter.viewState.screen == .list)
        #expect(presenter.viewState.listLayer == .identity)
    }

    @Test func relativeDatesMoveOnAtLocalMidnight() async throws {
        let host = try TestHost(transport: ManualTransport())
        let presenter = try Fixtures.presenter(host, source: Fixtures.source(Self.chats), timing: .standard)
        presenter.send(.lifecycle(.appear))
        await host.advance(by: .seconds(3))
        #expect(presenter.viewState.list.rows?.map(\.date) == ["11:00", "Yesterday"])
        // 12:34:03 → 00:00:00 the next day is 41,157 s.
        await host.advance(by: .seconds(41_156))
        #expect(presenter.viewState.list.rows?.map(\.date) == ["11:00", "Yesterday"])
        await host.advance(by: .seconds(2))
        #expect(presenter.viewState.list.rows?.map(\.date) == ["Yesterday", "Sunday"])
    }

    @Test func zeroLaunchShowsTheLoaderAtOnce() async throws {
        let host = try TestHost(transport: ManualTransport())
        let presenter = try Fixtures.presenter(
            host, source: Fixtures.source(Self.chats),
            timing: ChatsTiming(frameDuration: 0.1, loadingDuration: 2, transitionDuration: 0.3, launchDuration: 0))
        presenter.send(.lifecycle(.appear))
        await host.settle()
        #expect(presenter.viewState.screen == .loading)
        await host.advance(by: .milliseconds(2_300))
        #expect(presenter.viewState.screen == .list)
    }

    @Test func zeroTransitionHandsOverAtOnce() async throws {
        let host = try TestHost(transport: ManualTransport())
        let presenter = try Fixtures.presenter(
            host, source: Fixtures.source(Self.chats), timing: ChatsTiming(frameDuration: 0.1, loadingDuration: 0.5, transitionDuration: 0))
        presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .milliseconds(999))
        #expect(presenter.viewState.screen == .loading)
        await host.advance(by: .milliseconds(1))
        #expect(presenter.viewState.screen == .list)
        #expect(presenter.viewState.loadingLayer == LayerState(scale: 1.2, opacity: 0))
    }
}
