import Dispatch
import FeatureHostCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches the signals a full-screen program must answer, through dispatch sources rather than C signal
/// handlers: the handlers run as ordinary closures on `queue`, so no global state is needed. SIGHUP is watched
/// so it never kills the shell: `LiveTerminal` turns it into `TerminalEvent.reload`.
final class SignalWatcher: Sendable {
    static let watched: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGHUP]

    let queue = DispatchQueue(label: "featurehost.terminal.signals")
    private let installed = Locked(Installed())

    private struct Installed: @unchecked Sendable {
        // @unchecked: dispatch sources are thread-safe objects; they sit behind `Locked` only to be cancelled once.
        var sources: [any DispatchSourceSignal] = []
        /// The dispositions found at start, put back at stop.
        var previous: [Int32: sigaction] = [:]
    }

    /// Ignores the default actions (the sources still see the signals) and calls `handler` on `queue`.
    func start(_ handler: @escaping @Sendable (Int32) -> Void) {
        installed.withLock { installed in
            guard installed.sources.isEmpty else { return }
            for signalNumber in Self.watched {
                var previous = sigaction()
                sigaction(signalNumber, nil, &previous)
                installed.previous[signalNumber] = previous
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { handler(signalNumber) }
                source.resume()
                installed.sources.append(source)
            }
        }
    }

    func stop() {
        installed.withLock { installed in
            for source in installed.sources { source.cancel() }
            for (signalNumber, previous) in installed.previous {
                var action = previous
                sigaction(signalNumber, &action, nil)
            }
            installed = Installed()
        }
    }

    /// Stops the process with the default SIGTSTP action, as if Ctrl-Z had reached it, and returns once it
    /// continues. The current action is saved and put back rather than reset to SIG_IGN: on Linux, libdispatch
    /// replaces it with its own handler and blocks the signal to route it to a signalfd, which would swallow
    /// a plain raise, so the signal is also unblocked for this thread while it is raised.
    @Sendable static func stopProcess() { stop(with: SIGTSTP) }

    /// Stops the process as a background job's access to the terminal would (SIGTTOU: the shell says "Stopped (tty
    /// output)"), and returns once it continues.
    @Sendable static func stopInBackground() { stop(with: SIGTTOU) }

    private static func stop(with signalNumber: Int32) {
        var kept = sigaction()
        sigaction(signalNumber, nil, &kept)
        signal(signalNumber, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signalNumber)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &set, &mask)
        raise(signalNumber)
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(signalNumber, &kept, nil)
    }
}
