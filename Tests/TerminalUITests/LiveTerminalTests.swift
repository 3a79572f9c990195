import CTerminalRestore
import FeatureHostCore
import FeatureHostTesting
import Testing

@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Drives the live terminal through a pseudo-terminal. Serialized because signal dispositions are
/// process-wide; the time limit guards against a hang if an expected event never comes, and holds on a loaded
/// machine because each test awaits its events on a thread of its own, not behind the rest of the suite.
@Suite(.serialized, .onItsOwnThread, .timeLimit(.minutes(1)))
struct LiveTerminalTests {
    private static let noStop: @Sendable () -> Void = {}

    @Test func entersAndRestoresTheTerminal() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 100, height: 30)))
        let before = pty.attributes
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, stopProcess: Self.noStop)
        try terminal.start()
        let entered = pty.read(until: "\u{1B}[2J")
        #expect(
            entered.contains("\u{1B}[?1049h") && entered.contains("\u{1B}[?25l") && entered.contains("\u{1B}[?1004h"))
        #expect(pty.attributes.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(terminal.size == Size(width: 100, height: 30))

        terminal.stop()
        let left = pty.read(until: "\u{1B}[?1049l")
        #expect(left.contains("\u{1B}[?1004l") && left.contains("\u{1B}[?25h") && left.contains("\u{1B}[?1049l"))
        let after = pty.attributes
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag)
        var events = terminal.events.makeAsyncIterator()
        #expect(await events.next() == nil, "events finish when the terminal stops")
    }

    @Test func deliversKeysIncludingABareEscape() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 80, height: 24)))
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, stopProcess: Self.noStop)
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.read(until: "\u{1B}[2J")
        var events = terminal.events.makeAsyncIterator()
        pty.type("\u{1B}[Ax\u{1B}[I")
        #expect(await events.next() == .key(.up))
        #expect(await events.next() == .key(.character("x")))
        #expect(await events.next() == .key(.focusIn))
        pty.type("\u{1B}")
        #expect(await events.next() == .key(.escape), "a lone ESC is the Esc key once the input goes quiet")
        pty.type("\u{3}")
        #expect(await events.next() == .key(.ctrlC))
    }

    @Test func drawsOnlyWhatChanged() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 10, height: 3)))
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, stopProcess: Self.noStop)
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.read(until: "\u{1B}[2J")
        var frame = Frame(size: terminal.size)
        frame.put("hello", at: Point(x: 1, y: 1))
        terminal.draw(frame)
        #expect(pty.read(until: "hello").contains("hello"))
        frame.put("J", at: Point(x: 1, y: 1))
        terminal.draw(frame)
        // End marker: a third frame with a change in the last cell.
        var last = frame
        last.put("!", at: Point(x: 9, y: 2))
        terminal.draw(last)
        let diff = pty.read(until: "!")
        #expect(diff == "\u{1B}[2;2HJ\u{1B}[3;10H!")
    }

    @Test func suspendRestoresAndResumeRedraws() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 80, height: 24)))
        let stops = Locked(0)
        let terminal = try LiveTerminal(colorMode: .none, input: pty.device, output: pty.device) {
            stops.withLock { $0 += 1 }
        }
        let raw = pty.attributes
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.read(until: "\u{1B}[2J")
        var events = terminal.events.makeAsyncIterator()
        pty.type("\u{1A}")  // Ctrl-Z: a byte in raw mode
        #expect(await events.next() == .suspend)
        #expect(stops.withLock { $0 } == 0, "the process waits until the shell has applied the suspend")
        terminal.suspendApplied()
        let output = pty.read(until: "\u{1B}[?1049h")
        #expect(output.contains("\u{1B}[?1049l"), "the main screen was shown while stopped")
        #expect(stops.withLock { $0 } == 1)
        terminal.handle(SIGCONT)
        #expect(await events.next() == .resume)
        #expect(pty.attributes.c_lflag & tcflag_t(ICANON) == 0)
        #expect(raw.c_lflag & tcflag_t(ICANON) != 0)
    }

    /// Ctrl-Z, then `bg`: continued as a background job, the host leaves the terminal to the shell (cooked, the main
    /// screen, no frames) and stops again until `fg`, as less and vim do; then it takes the terminal back.
    @Test func continuedInTheBackgroundItStopsAgainUntilBroughtToTheForeground() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 80, height: 24)))
        let foreground = Locked(true)
        let device = pty.device
        let cooked: @Sendable () -> Bool = {
            var modes = termios()
            return tcgetattr(device, &modes) == 0 && modes.c_lflag & tcflag_t(ICANON) != 0
        }
        let backgroundStops = Locked<[Bool]>([])  // whether the terminal was cooked at each stop
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, isForeground: { foreground.withLock { $0 } },
            stopProcess: { foreground.withLock { $0 = false } },  // stopped by Ctrl-Z, then `bg`
            stopInBackground: {
                backgroundStops.withLock { $0.append(cooked()) }
                if backgroundStops.withLock({ $0.count }) == 2 { foreground.withLock { $0 = true } }  // then `fg`
            })
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.read(until: "\u{1B}[2J")
        var events = terminal.events.makeAsyncIterator()
        pty.type("\u{1A}")
        #expect(await events.next() == .suspend)
        terminal.suspendApplied()
        _ = pty.read(until: "\u{1B}[?1049h")  // taken back only after `fg`
        #expect(backgroundStops.withLock { $0 } == [true, true], "stopped again while in the background, the terminal cooked")
        #expect(pty.attributes.c_lflag & tcflag_t(ICANON) == 0, "raw again in the foreground")
        // Another stop and `bg` (kill -STOP, then bg): SIGCONT in the background takes nothing back either.
        foreground.withLock { $0 = false }
        backgroundStops.withLock { $0 = [] }
        terminal.handle(SIGCONT)
        #expect(backgroundStops.withLock { $0.count } == 2)
        #expect(await events.next() == .resume)
    }

    @Test func aShellThatNeverAppliesTheSuspendStillStops() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 80, height: 24)))
        let stops = Locked(0)
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, suspendGrace: .milliseconds(50)
        ) { stops.withLock { $0 += 1 } }
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.read(until: "\u{1B}[2J")
        var events = terminal.events.makeAsyncIterator()
        terminal.handle(SIGTSTP)
        #expect(await events.next() == .suspend)
        _ = pty.read(until: "\u{1B}[?1049h")  // taken back after the grace
        #expect(stops.withLock { $0 } == 1)
    }

    /// Ctrl-Z where no shell could continue the process: the terminal stays as it is (no main screen, nothing
    /// stopped), and the shell hears that suspending is not available.
    @Test func ctrlZWithNoShellToResumeKeepsRunning() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 80, height: 24)))
        let stops = Locked(0)
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, canSuspend: { false }
        ) { stops.withLock { $0 += 1 } }
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.read(until: "\u{1B}[2J")
        var events = terminal.events.makeAsyncIterator()
        pty.type("\u{1A}")
        #expect(await events.next() == .suspendUnavailable)
        terminal.handle(SIGTSTP)
        #expect(await events.next() == .suspendUnavailable)
        var frame = Frame(size: terminal.size)
        frame.put("still here", at: Point(x: 0, y: 0))
        terminal.draw(frame)
        let output = pty.read(until: "still here")
        #expect(!output.contains("\u{1B}[?1049l"), "the main screen was never shown")
        #expect(stops.withLock { $0 } == 0)
        #expect(pty.attributes.c_lflag & tcflag_t(ICANON) == 0, "still raw")
    }

    /// Bracketed paste is turned on with the alternate screen and off with it.
    @Test func bracketedPasteIsOnWhileRunning() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 80, height: 24)))
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, stopProcess: Self.noStop)
        try terminal.start()
        #expect(pty.read(until: "\u{1B}[2J").contains("\u{1B}[?2004h"))
        var events = terminal.events.makeAsyncIterator()
        pty.type("\u{1B}[200~Jane\tDoe\rq\u{1B}[201~")
        #expect(await events.next() == .key(.paste("Jane\tDoe\rq")))
        terminal.stop()
        #expect(pty.read(until: "\u{1B}[?1049l").contains("\u{1B}[?2004l"))
    }

    @Test func reportsResizes() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 80, height: 24)))
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, stopProcess: Self.noStop)
        try terminal.start()
        defer { terminal.stop() }
        var events = terminal.events.makeAsyncIterator()
        pty.resize(to: Size(width: 120, height: 40))
        // The handler the SIGWINCH source calls. A real kill() here would race the dispatch source's lazy
        // registration; the signal path itself is exercised in tmux.
        terminal.handle(SIGWINCH)
        #expect(await events.next() == .resize(Size(width: 120, height: 40)))
        #expect(terminal.size == Size(width: 120, height: 40))
    }

    @Test func terminateRestoresAndEndsEvents() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 80, height: 24)))
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, stopProcess: Self.noStop)
        try terminal.start()
        _ = pty.read(until: "\u{1B}[2J")
        var events = terminal.events.makeAsyncIterator()
        terminal.handle(SIGTERM)
        #expect(await events.next() == .terminate)
        #expect(await events.next() == nil)
        #expect(pty.read(until: "\u{1B}[?1049l").contains("\u{1B}[?1049l"))
        #expect(pty.attributes.c_lflag & tcflag_t(ICANON) != 0)
    }

    @Test func hangUpSignalAsksForAReloadAndKeepsTheTerminal() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 10, height: 3)))
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, stopProcess: Self.noStop)
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.read(until: "\u{1B}[2J")
        var events = terminal.events.makeAsyncIterator()
        // The handler the SIGHUP source calls (see reportsResizes); `featurehost reload`'s real signal is in e2e.
        terminal.handle(SIGHUP)
        #expect(await events.next() == .reload)
        // Still raw, still drawing, still reading keys.
        #expect(pty.attributes.c_lflag & tcflag_t(ICANON) == 0)
        var frame = Frame(size: terminal.size)
        frame.put("after", at: Point(x: 0, y: 0))
        terminal.draw(frame)
        let drawn = pty.read(until: "after")
        #expect(drawn.contains("after") && !drawn.contains("\u{1B}[?1049l"))
        pty.type("x")
        #expect(await events.next() == .key(.character("x")))
    }

    @Test func aClosedTerminalStillEndsTheShell() async throws {
        let pty = try #require(PseudoTerminal(size: Size(width: 80, height: 24)))
        let terminal = try LiveTerminal(
            colorMode: .none, input: pty.device, output: pty.device, stopProcess: Self.noStop)
        try terminal.start()
        _ = pty.read(until: "\u{1B}[2J")
        var events = terminal.events.makeAsyncIterator()
        pty.hangUp()
        #expect(await events.next() == .terminate)
        #expect(await events.next() == nil)
    }

    @Test func refusesAPipe() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { for fd in fds { close(fd) } }
        let terminal = try LiveTerminal(colorMode: .none, input: fds[0], output: fds[1], stopProcess: Self.noStop)
        #expect(throws: TerminalError.notATerminal(fileDescriptor: fds[0])) { try terminal.start() }
    }
}
