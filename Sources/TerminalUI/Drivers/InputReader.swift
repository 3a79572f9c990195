import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads terminal input on a thread of its own and hands decoded keys over as they come.
///
/// The thread waits in `poll` on the input and on a wake-up pipe; `stop()` closes the pipe, which ends
/// the wait at once. While an ESC is held back, the wait has a short timeout: if nothing follows, the ESC
/// was the Esc key.
final class InputReader: Sendable {
    /// How long a lone ESC waits for the rest of a sequence. Sequences from a terminal arrive together, so
    /// a few tens of milliseconds separate them from a human pressing Esc.
    static let escapeTimeoutMilliseconds: Int32 = 30
    /// How long a bracketed paste waits for its end marker between reads before it ends with what came: a
    /// terminal writes a paste at once, so only a marker that never comes waits this long.
    static let pasteTimeoutMilliseconds: Int32 = 500

    private let input: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let lifecycle = Locked(Lifecycle())

    private struct Lifecycle: Sendable {
        var started = false
        var stopped = false
    }

    init(input: Int32) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TerminalError.systemCall(name: "pipe", errno: errno) }
        self.input = input
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    /// Starts the thread. `deliver` gets each batch of keys; `ended` is called once if input closes.
    func start(deliver: @escaping @Sendable ([Key]) -> Void, ended: @escaping @Sendable () -> Void) {
        let first = lifecycle.withLock { lifecycle in
            defer { lifecycle.started = true }
            return !lifecycle.started && !lifecycle.stopped
        }
        guard first else { return }
        // The thread keeps the reader alive until it ends, and closes the pipe's read end itself.
        let thread = Thread { [self] in
            if !readLoop(deliver: deliver) { ended() }
            close(wakeRead)
        }
        thread.name = "terminal-input"
        thread.start()
    }

    /// Ends the thread; safe to call more than once.
    func stop() {
        let first = lifecycle.withLock { lifecycle in
            defer { lifecycle.stopped = true }
            return !lifecycle.stopped
        }
        if first { close(wakeWrite) }
    }

    deinit {
        // A running thread holds the reader, so here it never ran or has ended.
        let state = lifecycle.withLock { $0 }
        if !state.started { close(wakeRead) }
        if !state.stopped { close(wakeWrite) }
    }

    /// Returns true when stopped through `stop()`, false when the input closed or failed.
    private func readLoop(deliver: @Sendable ([Key]) -> Void) -> Bool {
        var parser = KeyParser()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var fds = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let timeout =
                parser.isInPaste ? Self.pasteTimeoutMilliseconds : parser.hasPendingInput ? Self.escapeTimeoutMilliseconds : -1
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if fds[1].revents != 0 { return true }
            if ready == 0 {
                deliver(parser.flushPendingEscape())
                continue
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                let count = read(input, &buffer, buffer.count)
                if count > 0 {
                    let keys = parser.feed(Array(buffer[0..<count]))
                    if !keys.isEmpty { deliver(keys) }
                    continue
                }
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                return false
            }
            // Hang-up or error without data.
            return false
        }
    }
}
