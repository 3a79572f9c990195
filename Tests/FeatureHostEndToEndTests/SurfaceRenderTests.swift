import FeatureHostCore
import FeatureHostRuntime
import FeatureHostRuntimeTesting
import FeatureHostTesting
import Foundation
import OfferCountdownFeature
import OfferCountdownTerminal
import OfferCountdownWeb
import TerminalUI
import Testing
import TransactionsFeature
import TransactionsTerminal
import TransactionsWeb

@testable import FeatureHostApp
@testable import WebUI

/// Real features on both surfaces, counted: an input that changes the screen is one frame in the live shell and
/// one render (and one patch) of the page; a tick is one of each; an input that changes nothing is none.
@Suite @MainActor struct SurfaceRenderTests {
    let host: TestHost
    let registry = FeatureRegistry([OfferCountdownFeature.self, TransactionsFeature.self])

    init() throws { host = try TestHost() }

    func feature(_ id: FeatureID) throws -> ResolvedFeature {
        try #require(
            ResolvedFeature.enabled(in: ConfigLoader(registry: registry).defaultConfig(), registry: registry).first { $0.id == id })
    }

    // MARK: - The live shell

    /// The live shell on `id` alone (`--only`), and a way to count its frames.
    func shell(_ id: FeatureID) throws -> (terminal: RecordingShellTerminal, run: Task<Void, Never>) {
        let terminal = RecordingShellTerminal()
        terminal.size = Size(width: 80, height: 24)
        let session = HostSession(launching: [try feature(id)], with: FeatureLauncher(environment: host.environment))
        let shell = LiveShell(model: ShellModel(session: session, only: 0), terminal: terminal)
        return (terminal, Task { @MainActor in await shell.run() })
    }

    func frames(_ terminal: RecordingShellTerminal, atLeast count: Int) async -> Int {
        await MainActorTurns.run(until: { terminal.frames.count >= count }, limit: 2_000)
        await MainActorTurns.run()
        return terminal.frames.count
    }

    @Test func theOfferInTheShell() async throws {
        let (terminal, run) = try shell("offer-countdown")
        #expect(await frames(terminal, atLeast: 1) == 1)
        #expect(terminal.text.contains("│  01  │"))
        terminal.send(.key(.enter))  // activate: the popup
        #expect(await frames(terminal, atLeast: 2) == 2)
        #expect(terminal.text.contains("Great!"), "\(terminal.text)")
        terminal.send(.key(.tab))  // nothing to move to inside the popup
        #expect(await frames(terminal, atLeast: 3) == 2)
        await host.advance(by: .seconds(1))  // the second's change: one frame
        #expect(await frames(terminal, atLeast: 3) == 3)
        await host.advance(by: .milliseconds(350))  // the roll's two steps, in one turn: one frame
        #expect(await frames(terminal, atLeast: 4) == 4)
        terminal.send(.key(.escape))  // closes the popup
        #expect(await frames(terminal, atLeast: 5) == 5)
        #expect(!terminal.text.contains("Great!"))
        terminal.send(.key(.ctrlC))
        await run.value
    }

    @Test func transactionsInTheShell() async throws {
        let (terminal, run) = try shell("transactions")
        await host.settle()
        let loaded = await frames(terminal, atLeast: 2)
        #expect(terminal.text.contains("$472.08"))
        terminal.send(.key(.right))  // the next filter
        #expect(await frames(terminal, atLeast: loaded + 1) == loaded + 1)
        terminal.send(.key(.character(" ")))  // unpin the selected row: the sum changes, the save runs
        await host.settle()
        #expect(await frames(terminal, atLeast: loaded + 2) == loaded + 2, "the pin, and nothing for the save that kept it")
        terminal.send(.key(.left), .key(.left))  // back on `all`, then ← on `all` changes nothing
        #expect(await frames(terminal, atLeast: loaded + 4) == loaded + 3)
        terminal.send(.key(.ctrlC))
        await run.value
    }

    // MARK: - The web page

    func page(_ id: FeatureID, shared: SharedRenders = SharedRenders(), named name: String = "page") throws -> PageSession {
        let launcher = HostPageLauncher(
            selection: [try feature(id)], failures: [], environment: host.environment, config: HostConfig.LocaleSettings(),
            flags: .init(), base: LocalePreference.resolve(environment: [:]),
            webTypes: [OfferCountdownFeature.self, TransactionsFeature.self])
        let preferences = PagePreferences(locale: Locale(identifier: "en_US"), hourCycle: .twentyFourHour, timeZone: .gmt)
        guard case .running(let feature) = launcher.launch(id, preferences: preferences) else {
            throw FeatureError("\(id) did not start")
        }
        return PageSession(
            id: name, featureID: id, feature: feature, preferences: preferences, browser: BrowserPreferences(), now: .zero, shared: shared)
    }

    @Test func theOfferOnTheWeb() async throws {
        let session = try page("offer-countdown")
        #expect(session.renderCount == 1, "the page as served")
        session.greet(visible: true)  // appear: the countdown starts running
        #expect(session.renderCount == 2)
        let version = session.version
        #expect(session.handle(.click("activate")) == .handled)
        #expect(session.renderCount == 3)
        #expect(session.version == version + 1, "one patch for the popup")
        #expect(session.handle(.click("activate")) == .ignored, "behind the popup the button does nothing")
        #expect(session.renderCount == 3)
        await host.advance(by: .seconds(1))
        await MainActorTurns.run(until: { session.renderCount == 4 })
        await MainActorTurns.run()
        #expect(session.renderCount == 4, "a tick: one render on the next turn")
        session.close()
    }

    /// Pages of the offer show the run's countdown: a second's change is one render and one diff for all of them,
    /// every page gets the same patch (the one the page's own diff would make), and the roll's steps render nothing.
    @Test func offerPagesShareEachTicksRenderAndDiff() async throws {
        let shared = SharedRenders()
        let sessions = try (0..<3).map { try page("offer-countdown", shared: shared, named: "page-\($0)") }
        let streams = sessions.map { _ in CollectingStream() }
        for (session, stream) in zip(sessions, streams) {
            session.attach(stream, clientVersion: session.version)
            session.greet(visible: true)
        }
        await MainActorTurns.run()
        #expect(shared.renderCount == 2, "the page as served and started, for the three: \(shared.renderCount)")
        await host.advance(by: .seconds(1))  // 01:00:00:00 → 00:23:59:59: every digit but one
        await MainActorTurns.run()
        let before = sessions[0].rendered
        let (renders, diffs, versions) = (shared.renderCount, shared.diffCount, sessions.map(\.version))
        for stream in streams { _ = stream.bytes }
        await host.advance(by: .seconds(1))
        await MainActorTurns.run(until: { zip(sessions, versions).allSatisfy { $0.version == $1 + 1 } })
        #expect(shared.renderCount == renders + 1, "the second's change, rendered once")
        #expect(shared.diffCount == diffs + 1, "and diffed once")
        let expected = ServerSentEvent(
            event: "patch",
            data: PatchMessage(from: versions[0], to: versions[0] + 1, ops: HTMLDiff.ops(from: before, to: sessions[0].rendered)).json,
            id: String(versions[0] + 1)
        ).bytes
        #expect(expected.count < 400, "the digits that changed: \(String(decoding: expected, as: UTF8.self))")
        for stream in streams { #expect(stream.bytes == expected) }
        sessions[0].sendBeat(every: .seconds(2))
        #expect(streams[0].bytes.isEmpty, "a page that had a patch since the last beat needs no beat")
        sessions[0].sendBeat(every: .seconds(2))
        #expect(String(decoding: streams[0].bytes, as: UTF8.self) == "event: beat\ndata: {\"every\":2000}\n\n", "a quiet one does")
        await host.advance(by: .milliseconds(350))  // the roll's two steps
        await MainActorTurns.run()
        #expect(shared.renderCount == renders + 1, "a roll step renders nothing")
        #expect(sessions.map(\.version) == versions.map { $0 + 1 }, "and sends nothing")
        for session in sessions { session.close() }
    }

    /// A page's instance is made for a surface that animates transitions itself (`Motion.animated`): its offer
    /// sleeps from one second's change to the next, with no wake-up for the roll's steps or its end.
    @Test func aPagesOfferSleepsFromSecondToSecond() async throws {
        let session = try page("offer-countdown")
        session.greet(visible: true)
        await host.advance(by: .seconds(1))
        await MainActorTurns.run()
        #expect(host.clock.nextDeadline == host.clock.now.advanced(by: .seconds(1)))
        await host.advance(by: .milliseconds(999))
        #expect(host.clock.nextDeadline == host.clock.now.advanced(by: .milliseconds(1)))
        session.close()
    }

    @Test func transactionsOnTheWeb() async throws {
        let session = try page("transactions")
        session.greet(visible: true)
        await host.settle()
        await MainActorTurns.run()
        #expect(session.rendered.markupString.contains("472.08"), "\(session.rendered.markupString.prefix(3000))")
        let renders = session.renderCount
        let version = session.version
        #expect(session.handle(.click("tab-insights")) == .handled)
        #expect(session.renderCount == renders + 1)
        #expect(session.version == version + 1)
        await MainActorTurns.run()
        #expect(session.renderCount == renders + 1, "nothing more on the next turns")
        #expect(session.handle(.click("no-such-action")) == .ignored)
        #expect(session.renderCount == renders + 1)
        session.close()
    }
}

/// An event stream that keeps the bytes written since the last read of `bytes`.
private final class CollectingStream: EventStreamSink, Sendable {
    private let state = Locked<(bytes: [UInt8], closed: Bool)>(([], false))

    /// The bytes written so far, which the next read no longer holds.
    var bytes: [UInt8] {
        state.withLock { state in
            defer { state.bytes = [] }
            return state.bytes
        }
    }
    var isClosed: Bool { state.withLock { $0.closed } }

    func write(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.bytes += bytes
            return true
        }
    }

    func close() { state.withLock { $0.closed = true } }
    func onClose(_ handler: @escaping @Sendable () -> Void) {}
}
