import DataSources
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostRuntimeTesting
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import FeatureHostApp

/// The terminal the live shell draws on, recorded: every frame it was given, and the events a test feeds it.
@MainActor
final class RecordingShellTerminal: ShellTerminal {
    let events: AsyncStream<TerminalEvent>
    private let input: AsyncStream<TerminalEvent>.Continuation
    var size = Size(width: 50, height: 12)
    private(set) var frames: [Frame] = []
    private(set) var invalidations = 0

    init() { (events, input) = AsyncStream.makeStream() }

    func draw(_ frame: Frame) { frames.append(frame) }
    func invalidate() { invalidations += 1 }
    func suspendApplied() {}

    func send(_ events: TerminalEvent...) { for event in events { input.yield(event) } }
    var text: String { frames.last?.plainText() ?? "" }
}

/// The live shell's one render loop, driven with terminal events: one frame per input that changes what the
/// screen shows, one per tick, none for an input that changes nothing, however many things an input changes.
@Suite @MainActor struct LiveShellTests {
    let host: TestHost
    let terminal = RecordingShellTerminal()
    let model: ShellModel
    let run: Task<Void, Never>

    init() throws {
        let host = try TestHost()
        self.host = host
        let registry = FeatureRegistry([TickerFeature.self, BrokenFeature.self])
        let features = ResolvedFeature.enabled(in: ConfigLoader(registry: registry).defaultConfig(), registry: registry)
        let model = ShellModel(session: HostSession(launching: features, with: FeatureLauncher(environment: host.environment)))
        self.model = model
        let shell = LiveShell(model: model, terminal: terminal)
        run = Task { @MainActor in await shell.run() }
    }

    /// Lets the shell take its events and draw, then says how many frames it drew.
    func frames(atLeast count: Int) async -> Int {
        await MainActorTurns.run(until: { terminal.frames.count >= count }, limit: 2_000)
        await MainActorTurns.run()  // and nothing more comes
        return terminal.frames.count
    }

    func quit() async {
        terminal.send(.key(.ctrlC))
        await run.value
    }

    @Test func oneInputIsOneFrameAndATickIsOne() async {
        #expect(await frames(atLeast: 1) == 1, "the first frame")
        #expect(terminal.text.contains("▶ Ticker"))

        // Enter opens the ticker: the screen changes and the feature appears (its timer starts): one frame.
        terminal.send(.key(.enter))
        #expect(await frames(atLeast: 2) == 2)
        #expect(terminal.text.contains("Seconds: 0"))

        // A key the scene ignores and the shell does not use changes nothing: no frame.
        terminal.send(.key(.character("z")))
        #expect(await frames(atLeast: 3) == 2)

        // Enter presses: the presenter changes once, the shell draws once.
        terminal.send(.key(.enter))
        #expect(await frames(atLeast: 3) == 3)
        #expect(terminal.text.contains("Presses: 1"))

        // A tick of the feature's timer: one frame.
        await host.advance(by: .seconds(1))
        #expect(await frames(atLeast: 4) == 4)
        #expect(terminal.text.contains("Seconds: 1"))

        // Three seconds in one turn of the main actor (the manual clock runs the timers inline): one frame.
        await host.advance(by: .seconds(3))
        #expect(await frames(atLeast: 5) == 5)
        #expect(terminal.text.contains("Seconds: 4"))

        // Esc back home: the screen and the footer change together, one frame.
        terminal.send(.key(.escape))
        #expect(await frames(atLeast: 6) == 6)
        #expect(terminal.text.contains("Choose a feature:"))
        await quit()
    }

    @Test func aKeyThatChangesTheShellAndTheFeatureIsOneFrame() async {
        #expect(await frames(atLeast: 1) == 1)
        terminal.send(.key(.enter))
        #expect(await frames(atLeast: 2) == 2)
        // Focus out: the footer note is cleared (nothing to clear) and every feature goes to the background.
        terminal.send(.key(.focusOut))
        #expect(await frames(atLeast: 3) == 3)
        #expect(terminal.text.contains("(paused)"))
        terminal.send(.key(.focusOut))
        #expect(await frames(atLeast: 4) == 3, "a repeat changes nothing")
        await quit()
    }

    @Test func aResizeIsOneWholeFrameAtTheNewSize() async {
        #expect(await frames(atLeast: 1) == 1)
        terminal.size = Size(width: 60, height: 14)
        terminal.send(.resize(terminal.size))
        #expect(await frames(atLeast: 2) == 2)
        #expect(terminal.invalidations == 1, "drawn whole")
        #expect(terminal.frames.last?.size == Size(width: 60, height: 14))
        await quit()
    }

    @Test func aReloadDoesNotEndTheShell() async {
        #expect(await frames(atLeast: 1) == 1)
        terminal.send(.reload, .key(.enter))
        #expect(await frames(atLeast: 2) == 2, "the key after the reload is still handled")
        #expect(terminal.text.contains("Seconds: 0"))
        await quit()
    }

    @Test func nothingIsDrawnAfterTheShellEnds() async {
        #expect(await frames(atLeast: 1) == 1)
        terminal.send(.key(.enter))
        #expect(await frames(atLeast: 2) == 2)
        await quit()
        await host.advance(by: .seconds(2))
        #expect(await frames(atLeast: 3) == 2, "a tick after the end draws nothing on the restored terminal")
    }
}
