import CTerminalRestore
import Dispatch
import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The full-screen ANSI driver: raw mode, alternate screen, hidden cursor and focus reporting while it
/// runs; events through `events`; frames written as the cells that changed since the last one.
///
/// The terminal is restored by `stop()` (also on SIGTERM, SIGINT and when input closes) and around a Ctrl-Z suspend, and
/// when the process dies of a fatal signal (a trap, a bad memory access, an abort) while it runs: C handlers
/// write the restore sequence and put the modes back, then the Swift runtime's backtracer reports, with standard
/// input on /dev/null so it never waits for a key on the user's terminal (`CTerminalRestore`). While it runs,
/// standard error is captured (its last 16 KiB) and written after the restore, so a line written there (the
/// runtime's "Fatal error" before a trap) is not drawn into the alternate screen and lost with it.
/// Signals are process-wide, so run one live terminal at a time.
public final class LiveTerminal: Sendable {
    public let colorMode: ColorMode
    /// Keys, resizes, suspend / resume, reload and terminate, in order. Finishes when the terminal stops.
    public let events: AsyncStream<TerminalEvent>

    let continuation: AsyncStream<TerminalEvent>.Continuation
    let input: Int32
    let output: Int32
    let renderer: FrameRenderer
    let state: Locked<State>
    let signals = SignalWatcher()
    let reader: InputReader
    /// Stops the process after a suspend and returns when it continues; replaced in tests.
    let stopProcess: @Sendable () -> Void
    /// How long a suspend waits for the shell to apply it (`suspendApplied()`) before the process stops anyway.
    let suspendGrace: Duration
    /// Sends frames' picture placements when the terminal shows pixels (kitty, iTerm2); nil otherwise.
    let pixelWriter: Locked<PixelProtocolWriter>?
    /// Whether a stopped process would be continued (`JobControl`); replaced in tests.
    let canSuspend: @Sendable () -> Bool
    /// Whether this process is the terminal's foreground job; replaced in tests.
    let isForeground: @Sendable () -> Bool
    /// Stops the process while it is a background job (`bg`), as a read or write of the terminal would (SIGTTOU);
    /// returns when it continues. Replaced in tests.
    let stopInBackground: @Sendable () -> Void

    enum Phase: Sendable { case idle, active, suspended, stopped }

    struct State: Sendable {
        var phase = Phase.idle
        var original: termios?
        var size: Size
        /// What the terminal shows; nil forces the next frame to be drawn in full.
        var shown: Frame?
        /// Set while a suspend waits for the shell; `suspendApplied()` signals it.
        var pendingSuspend: SuspendLatch?
    }

    /// - Parameter pictures: a pixel protocol (`.kitty`, `.iTerm2`) sends the frames' picture placements too.
    public convenience init(
        colorMode: ColorMode, pictures: PictureMode = .off, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
    ) throws {
        try self.init(
            colorMode: colorMode, input: input, output: output, canSuspend: JobControl.canThisProcessBeResumed,
            isForeground: { JobControl.isForeground(of: input) }, stopProcess: SignalWatcher.stopProcess,
            stopInBackground: SignalWatcher.stopInBackground, pictures: pictures)
    }

    init(
        colorMode: ColorMode, input: Int32, output: Int32, suspendGrace: Duration = .seconds(1),
        canSuspend: @escaping @Sendable () -> Bool = { true }, isForeground: @escaping @Sendable () -> Bool = { true },
        stopProcess: @escaping @Sendable () -> Void, stopInBackground: @escaping @Sendable () -> Void = {},
        pictures: PictureMode = .off
    ) throws {
        self.canSuspend = canSuspend
        self.isForeground = isForeground
        self.stopInBackground = stopInBackground
        self.colorMode = colorMode
        pixelWriter = PixelProtocolWriter(mode: pictures).map { Locked($0) }
        self.input = input
        self.output = output
        self.stopProcess = stopProcess
        self.suspendGrace = suspendGrace
        renderer = FrameRenderer(colorMode: colorMode)
        reader = try InputReader(input: input)
        let size = TerminalIO.windowSize(of: output) ?? Size(width: 80, height: 24)
        state = Locked(State(size: size))
        (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    }

    deinit { stop() }

    /// Runs `body` with a started terminal and restores the terminal however `body` ends.
    public static func run<Result>(
        colorMode: ColorMode, pictures: PictureMode = .off, isolation: isolated (any Actor)? = #isolation,
        _ body: (LiveTerminal) async throws -> Result
    ) async throws -> Result {
        let terminal = try LiveTerminal(colorMode: colorMode, pictures: pictures)
        try terminal.start()
        defer { terminal.stop() }
        return try await body(terminal)
    }

    /// The window size in cells.
    public var size: Size { state.withLock { $0.size } }

    /// A cell's size in pixels, when the terminal says (for the pixel protocols' pictures).
    public var cellPixels: Size? { TerminalIO.cellPixels(of: output) }

    /// Enters raw mode and the alternate screen, and starts reading input and watching signals. A terminal
    /// starts once; calling this again does nothing.
    public func start() throws {
        for fd in [input, output] where isatty(fd) != 1 { throw TerminalError.notATerminal(fileDescriptor: fd) }
        let entered = try state.withLock { state -> Bool in
            guard state.phase == .idle else { return false }
            let original = try TerminalIO.attributes(of: input)
            try TerminalIO.setAttributes(TerminalIO.raw(from: original), of: input, discardingInput: true)
            state.original = original
            state.phase = .active
            state.shown = nil
            state.size = TerminalIO.windowSize(of: output) ?? state.size
            var modes = original
            featurehost_terminal_restore_arm(input, output, &modes, TerminalSequences.leave)
            if output == STDOUT_FILENO, isatty(STDERR_FILENO) == 1 { featurehost_terminal_capture_stderr_begin() }
            write(TerminalSequences.enter)
            return true
        }
        guard entered else { return }
        signals.start { [weak self] signal in self?.handle(signal) }
        reader.start(
            deliver: { [weak self] keys in self?.deliver(keys) },
            ended: { [weak self] in
                guard let self else { return }
                signals.queue.async { self.terminate() }
            }
        )
    }

    /// Shows `frame`, writing only the cells that differ from what the terminal shows. Does nothing while
    /// suspended or stopped.
    public func draw(_ frame: Frame) {
        state.withLock { state in
            guard state.phase == .active, featurehost_terminal_restore_crashed() == 0 else { return }
            var buffer = ANSIBuffer(capacity: 4096)
            let redraw = pixelWriter?.withLock { $0.needsFullRedraw(from: state.shown?.placements, to: frame.placements) } ?? false
            if let shown = state.shown, shown.size == frame.size, !redraw {
                renderer.appendDiff(from: shown, to: frame, into: &buffer)
            } else {
                buffer.append(TerminalSequences.clear)
                renderer.appendFull(frame, into: &buffer)
            }
            let shownPlacements = state.shown?.size == frame.size && !redraw ? state.shown?.placements : nil
            pixelWriter?.withLock { $0.append(from: shownPlacements, to: frame.placements, into: &buffer) }
            state.shown = frame
            if !buffer.bytes.isEmpty { TerminalIO.writeAll(buffer.bytes, to: output) }
        }
    }

    /// Makes the next `draw` repaint everything, e.g. after something else wrote to the terminal.
    public func invalidate() { state.withLock { $0.shown = nil } }

    /// Restores the terminal (main screen, cursor, focus reporting off, original modes), stops reading and
    /// watching signals, and finishes `events`. Safe to call more than once.
    public func stop() {
        let wasRunning = state.withLock { state -> Bool in
            let wasRunning = state.phase == .active || state.phase == .suspended
            if state.phase == .active { restoreTerminal(state) }
            if state.phase != .idle, state.phase != .stopped {
                featurehost_terminal_restore_disarm()
                featurehost_terminal_capture_stderr_end()
            }
            state.phase = .stopped
            return wasRunning
        }
        if wasRunning {
            signals.stop()
            reader.stop()
        }
        continuation.finish()
    }

    /// Suspends as Ctrl-Z does: restores the terminal, reports `.suspend`, waits for `suspendApplied()`,
    /// stops the process, and on continuing takes the terminal back and asks for a full redraw.
    public func suspend() {
        signals.queue.async { [self] in suspendNow() }
    }

    /// The shell has handled `.suspend` (features were told they are in the background): the process may
    /// stop now. Without this call it stops after a short grace, so a busy shell cannot block Ctrl-Z.
    public func suspendApplied() {
        state.withLock { state in
            state.pendingSuspend?.open()
            state.pendingSuspend = nil
        }
    }

    // MARK: - Internals, on the input thread or the signal queue

    private func deliver(_ keys: [Key]) {
        for key in keys {
            if key == .control(0x1A) {
                // Ctrl-Z arrives as a byte in raw mode; suspend on the signal queue like a SIGTSTP would.
                suspend()
            } else {
                continuation.yield(.key(key))
            }
        }
    }

    func handle(_ signal: Int32) {
        switch signal {
        case SIGWINCH: resized()
        case SIGTSTP: suspendNow()
        case SIGCONT: continued()
        case SIGHUP: reload()
        default: terminate()
        }
    }

    private func resized() {
        let size = state.withLock { state -> Size? in
            guard state.phase != .stopped else { return nil }
            state.size = TerminalIO.windowSize(of: output) ?? state.size
            state.shown = nil
            return state.size
        }
        if let size { continuation.yield(.resize(size)) }
    }

    /// Runs on the signal queue, which waits here: a stop that came before the shell applied "background"
    /// would let a countdown run on while the process is stopped, and lose that time on `fg`.
    func suspendNow() {
        // Stopping where nobody can continue us would leave a blank screen and every feature in the background.
        guard canSuspend() else {
            if state.withLock({ $0.phase == .active }) { continuation.yield(.suspendUnavailable) }
            return
        }
        let latch = SuspendLatch()
        let suspended = state.withLock { state -> Bool in
            guard state.phase == .active else { return false }
            restoreTerminal(state)
            state.phase = .suspended
            state.shown = nil
            state.pendingSuspend = latch
            return true
        }
        guard suspended else { return }
        continuation.yield(.suspend)
        latch.wait(atMost: suspendGrace)
        state.withLock { $0.pendingSuspend = nil }
        stopProcess()
        guard waitUntilForeground() else { return terminate() }
        reenter()
    }

    /// `bg` continues a stopped job in the background, where the terminal is the shell's: taking it back then (raw
    /// mode, the alternate screen, frames) would draw over the shell and leave the terminal raw when the shell
    /// reads. So the host stops again, quietly, until `fg` makes it the foreground job, as less and vim do. False
    /// when no shell could ever bring it to the foreground (its process group became orphaned).
    private func waitUntilForeground() -> Bool {
        // Bounded: a stop the kernel discards must not spin.
        for _ in 0..<1000 {
            if isForeground() { return true }
            guard canSuspend() else { return false }
            stopInBackground()
        }
        return isForeground()
    }

    /// SIGCONT: after our own suspend, or after someone else stopped the process (the job-control shell
    /// may then have reset the modes and written over the screen). Either way: raw mode, alternate screen,
    /// and a full redraw. `.resume` comes from here only, so one suspend gives one resume.
    private func continued() {
        guard waitUntilForeground() else { return terminate() }
        guard reenter() else { return }
        continuation.yield(.resume)
    }

    /// Takes the terminal back; idempotent. False once stopped.
    @discardableResult
    private func reenter() -> Bool {
        let result = state.withLock { state -> (running: Bool, resized: Size?) in
            guard state.phase == .active || state.phase == .suspended, let original = state.original else {
                return (false, nil)
            }
            // Raw mode is rebuilt from the modes found at start, which are also what `stop()` restores.
            try? TerminalIO.setAttributes(TerminalIO.raw(from: original), of: input, discardingInput: false)
            write(TerminalSequences.enter)
            state.phase = .active
            state.shown = nil
            let size = TerminalIO.windowSize(of: output) ?? state.size
            defer { state.size = size }
            return (true, size != state.size ? size : nil)
        }
        if let size = result.resized { continuation.yield(.resize(size)) }
        return result.running
    }

    /// SIGHUP asks for the config to be read again and changes nothing here. A terminal that really hung up
    /// also ends input, and the reader's end terminates the shell.
    private func reload() {
        let running = state.withLock { $0.phase == .active || $0.phase == .suspended }
        if running { continuation.yield(.reload) }
    }

    /// Not after a fatal signal: its handler put /dev/null on standard input, so the reader's end is no quit, and
    /// a normal exit now would end the process before the backtracer's report (and with status 0).
    private func terminate() {
        guard featurehost_terminal_restore_crashed() == 0 else { return }
        let running = state.withLock { $0.phase == .active || $0.phase == .suspended }
        guard running else { return }
        continuation.yield(.terminate)
        stop()
    }

    /// Called with the state lock held, so no frame is written in between. Not after a fatal signal: its handler
    /// restored the terminal already, and a second restore would move the cursor over the report it printed.
    private func restoreTerminal(_ state: State) {
        guard featurehost_terminal_restore_crashed() == 0 else { return }
        if let pictures = pixelWriter?.withLock({ $0.leave() }), !pictures.isEmpty { write(pictures) }
        write(TerminalSequences.leave)
        if let original = state.original {
            try? TerminalIO.setAttributes(original, of: input, discardingInput: false)
        }
    }

    private func write(_ text: String) { TerminalIO.writeAll(Array(text.utf8), to: output) }
}
