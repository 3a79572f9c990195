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

    func page(_ id: FeatureID) throws -> PageSession {
        let launcher = HostPageLauncher(
            selection: [try feature(id)], failures: [], environment: host.environment, config: HostConfig.LocaleSettings(),
            flags: .init(), base: LocalePreference.resolve(environment: [:]),
            webTypes: [OfferCountdownFeature.self, TransactionsFeature.self])
        let preferences = PagePreferences(locale: Locale(identifier: "en_US"), hourCycle: .twentyFourHour, timeZone: .gmt)
        guard case .running(let feature) = launcher.launch(id, preferences: preferences) else {
            throw FeatureError("\(id) did not start")
        }
        return PageSession(id: "page", featureID: id, feature: feature, preferences: preferences, browser: BrowserPreferences(), now: .zero)
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
