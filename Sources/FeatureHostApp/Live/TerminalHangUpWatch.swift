import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Closing the terminal `serve` runs in still ends it, now that SIGHUP means "reload": a thread waits in `poll`
/// on whichever of standard input, output and error are terminals, asking for no events, so it wakes only when
/// one hangs up (the kernel then reports POLLHUP on every descriptor open on it) or `stop()` writes to its wake
/// pipe. Nothing is read from the terminal. Made only when one of them is a terminal.
final class TerminalHangUpWatch: Sendable {
    private let wakeRead: Int32
    private let wakeWrite: Int32

    /// Nil when none of the three is a terminal (a pipe, a file, a service manager), or the pipe cannot be made.
    init?(onHangUp: @escaping @Sendable () -> Void) {
        let terminals = [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].filter { isatty($0) == 1 }
        var ends: [Int32] = [-1, -1]
        guard !terminals.isEmpty, pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        let wakeRead = wakeRead
        let thread = Thread {
            var descriptors = terminals.map { pollfd(fd: $0, events: 0, revents: 0) }
            descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            while true {
                let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
                if ready < 0, errno == EINTR { continue }
                guard ready > 0, descriptors.last?.revents == 0 else { break }
                if descriptors.dropLast().contains(where: { $0.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 }) {
                    onHangUp()
                    break
                }
            }
            close(wakeRead)
        }
        thread.name = "featurehost.serve.hangup"
        thread.start()
    }

    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    deinit { close(wakeWrite) }
}
