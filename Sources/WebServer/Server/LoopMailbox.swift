import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work another thread hands to the I/O loop. Connections are named by id: one that has closed meanwhile
/// is simply not found, and the work is dropped.
enum LoopWork: Sendable {
    case respond(connection: UInt64, response: HTTPServerResponse)
    /// The handler released its responder without answering.
    case unanswered(connection: UInt64)
    case openStream(connection: UInt64, status: HTTPStatus, headers: [(String, String)], stream: HTTPStream)
    case streamWrite(connection: UInt64, bytes: [UInt8], stream: HTTPStream)
    /// Send what is queued, then close.
    case streamClose(connection: UInt64)
    /// Close at once, dropping what is queued.
    case abort(connection: UInt64)
    /// From now on, complete requests are offered to this first (nil: every request goes to the handler).
    case setImmediateAnswer(HTTPServer.ImmediateAnswer?)
    /// Nothing to do but wake up: a test moved the configuration's clock.
    case checkDeadlines
}

/// What the loop thread shares with every other thread: the work queue with its wake-up pipe, the stop
/// request, the open-connection count and the "loop has ended" signal. Everything behind one lock.
final class LoopMailbox: @unchecked Sendable {
    // @unchecked: every field below is only touched with `condition` locked, which the loop also waits on.
    private let condition = NSCondition()
    private let pipe: WakeUpPipe
    private var work: [LoopWork] = []
    private var stopRequested = false
    private var ended = false
    private var openConnections = 0
    private var loopThread: pthread_t?

    init(pipe: WakeUpPipe) {
        self.pipe = pipe
    }

    var wakeUpDescriptor: Int32 { pipe.readEnd }

    /// False once the loop has ended: the caller then knows its work will never be done.
    @discardableResult
    func post(_ item: LoopWork) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !ended, !stopRequested else { return false }
        work.append(item)
        pipe.wake()
        return true
    }

    /// The loop's side: everything posted so far, and whether to stop.
    func take() -> (work: [LoopWork], stop: Bool) {
        pipe.drain()
        condition.lock()
        defer { condition.unlock() }
        let taken = work
        work = []
        return (taken, stopRequested)
    }

    var isStopRequested: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopRequested
    }

    var connectionCount: Int {
        get {
            condition.lock()
            defer { condition.unlock() }
            return openConnections
        }
        set {
            condition.lock()
            openConnections = newValue
            condition.unlock()
        }
    }

    func loopStarted() {
        condition.lock()
        loopThread = pthread_self()
        condition.unlock()
    }

    /// Asks the loop to stop and waits until it has, unless called from the loop itself (a handler), which
    /// cannot wait for its own end: the loop stops after that handler returns.
    func stopAndWait() {
        condition.lock()
        defer { condition.unlock() }
        if !stopRequested {
            stopRequested = true
            if !ended { pipe.wake() }
        }
        if let loopThread, pthread_equal(loopThread, pthread_self()) != 0 { return }
        while !ended { condition.wait() }
    }

    /// The loop's last act: no wake-up can reach the pipe after this, and waiting `stop()` calls return.
    func loopEnded() {
        condition.lock()
        ended = true
        work = []
        openConnections = 0
        pipe.closeBoth()
        condition.broadcast()
        condition.unlock()
    }
}
