#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many signal numbers the table holds (Linux's 64 and macOS's 32, with 0 unused).
private let signalTableSize = 65

/// Each caught signal's pipe write end, by signal number. A C signal handler can reach nothing but globals; an
/// entry is set once, before its handler is installed, and only read after. Raw memory, not an `Array`: reading an
/// array element retains and releases its buffer, which a handler should not do.
nonisolated(unsafe) private let signalPipeWriteEnds: UnsafeMutablePointer<Int32> = {
    let table = UnsafeMutablePointer<Int32>.allocate(capacity: signalTableSize)
    table.initialize(repeating: -1, count: signalTableSize)
    return table
}()

/// Signals caught from the moment this is made, each written as its number to a pipe (the one thing a handler may
/// safely do), for a thread of its own to read (`readEnd`). A `sigaction` handler is installed at once: a dispatch
/// signal source registers later, on its own queue, and a signal sent right after serve printed its URL was lost.
struct SignalPipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    init(catching signals: [Int32], named name: String) throws {
        var ends: [Int32] = [-1, -1]
        // The write end never blocks the handler: with the pipe full, the signal is already pending.
        guard pipe(&ends) == 0, ends.allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }), fcntl(ends[1], F_SETFL, O_NONBLOCK) == 0
        else {
            for end in ends where end >= 0 { close(end) }
            throw UsageError("cannot make the \(name) pipe: \(String(cString: strerror(errno)))")
        }
        (readEnd, writeEnd) = (ends[0], ends[1])
        for signalNumber in signals where signalNumber > 0 && signalNumber < Int32(signalTableSize) {
            signalPipeWriteEnds[Int(signalNumber)] = ends[1]
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = signalPipeHandler
            #else
                action.__sigaction_u.__sa_handler = signalPipeHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_RESTART)
            sigaction(signalNumber, &action, nil)
        }
    }

    /// Writes `signalNumber` as the handler would: the signal's effect without the signal.
    func send(_ signalNumber: Int32) {
        var byte = UInt8(truncatingIfNeeded: signalNumber)
        _ = write(writeEnd, &byte, 1)
    }
}

private let signalPipeHandler: @convention(c) (Int32) -> Void = { signalNumber in
    // errno is the interrupted code's; the write must not change it.
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipeWriteEnds[Int(signalNumber)], &byte, 1)
    errno = saved
}
