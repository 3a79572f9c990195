import CFeatureHostProcess
import FeatureHostCore
import FeatureHostPluginWire
import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// One `featurehost-plugin-host` process and the host's end of its channel. A thread of its own reads the
/// channel and the child's output: replies wake the caller waiting for them, status pushes update the cache the
/// activity probe and the clock read from any thread, frame requests are handed to `onFrames`. When the channel
/// ends (the child died, or was killed for a reason the host gives), the child is reaped, its output drained, and
/// `onDeath` is called once.
final class PluginChild: @unchecked Sendable {
    /// How the child ended.
    struct Death: Sendable, Equatable {
        enum Cause: Sendable, Equatable {
            case signal(Int32)
            case exit(Int32)
            /// The host killed it; the sentence says why.
            case killed(String)
        }

        var cause: Cause
        /// The request it was handling (`HostRequest.during`), nil between requests.
        var during: String?
    }

    enum CallOutcome: Sendable {
        case reply(ChannelReply)
        case died(Death)
        case timedOut(Hang)
    }

    /// The call a timed-out child is stuck in: the oldest request past its own deadline. The child answers its
    /// main queue's calls in order, so when two calls in a row time out (`appear`, then the `render` sent behind
    /// it), both name the first, whichever deadline is seen first.
    struct Hang: Sendable, Equatable {
        /// `HostRequest.name`.
        var name: String
        /// `HostRequest.during`.
        var during: String
        var timeout: Duration
    }

    /// A request sent and not yet answered.
    private struct Unanswered {
        var instance: UInt32?
        var name: String
        var during: String
        /// In the order sent (request ids wrap).
        var sequence: UInt64
        /// Nil for a request sent before its wait was set (`begin`).
        var timeout: Duration?
        var deadline: ContinuousClock.Instant?
    }

    let pid: pid_t
    let generation: Int
    let output: PluginOutput
    private let socket: Int32
    private let outputPipe: Int32
    private let maximumReply: Int
    /// Key hints longer than this in a status are garbage: the child's own sink keeps at most this much.
    private let keyHintLimit: Int
    /// Set before the reader starts; called on the reader thread.
    private let onFrames: @Sendable (UInt32, UInt32) -> Void
    private let onDeath: @Sendable (Death) -> Void
    /// Held while one frame is sent, so frames from two threads never interleave on the socket.
    /// One frame on the socket at a time. A plain lock: it guards an act, not a value (a `Locked<Void>`'s empty
    /// value gave the thread sanitizer an access with no address of its own, reported as a race).
    private let sending = NSLock()

    // @unchecked: every field below is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var nextID: UInt32 = 0
    private var replies: [UInt32: ChannelReply] = [:]
    private var asyncWaiters: [UInt32: CheckedContinuation<CallOutcome, Never>] = [:]
    /// Requests sent and not answered: their instance (for the activity probe), where the plugin is then, and their
    /// deadline (for the call a hang names).
    private var unanswered: [UInt32: Unanswered] = [:]
    private var sent: UInt64 = 0
    private var statuses: [UInt32: InstanceStatus] = [:]
    private var killReason: String?
    private var death: Death?
    /// Set with the lock held as `waitpid` reaps the child: from then on `pid` may name another process.
    private var reaped = false
    private var unansweredPings = 0

    /// Spawns the child; throws a message when it cannot be started.
    init(
        executable: URL, environment: [String: String], addressSpaceLimit: UInt64, generation: Int, output: PluginOutput, maximumReply: Int,
        keyHintLimit: Int, onFrames: @escaping @Sendable (UInt32, UInt32) -> Void, onDeath: @escaping @Sendable (Death) -> Void
    ) throws(PluginSpawnError) {
        var channel: [Int32] = [-1, -1]
        var pipe: [Int32] = [-1, -1]
        guard featurehost_channel_pair(&channel) == 0 else { throw PluginSpawnError("cannot make a socket pair: \(Self.errorText(errno))") }
        guard featurehost_output_pipe(&pipe) == 0 else {
            close(channel[0])
            close(channel[1])
            throw PluginSpawnError("cannot make a pipe: \(Self.errorText(errno))")
        }
        let arguments = [executable.path, "--address-space-limit", String(addressSpaceLimit)]
        let environmentLines = environment.map { "\($0.key)=\($0.value)" }.sorted()
        var pid: pid_t = 0
        let status = Self.withCStrings(arguments) { argv in
            Self.withCStrings(environmentLines) { envp in featurehost_spawn(executable.path, argv, envp, channel[1], pipe[1], &pid) }
        }
        close(channel[1])
        close(pipe[1])
        guard status == 0 else {
            close(channel[0])
            close(pipe[0])
            throw PluginSpawnError("cannot start \(executable.path): \(Self.errorText(status))")
        }
        self.pid = pid
        self.generation = generation
        self.output = output
        socket = channel[0]
        outputPipe = pipe[0]
        self.maximumReply = maximumReply
        self.keyHintLimit = keyHintLimit
        self.onFrames = onFrames
        self.onDeath = onDeath
        let thread = Thread { [self] in readUntilDeath() }
        thread.name = "featurehost.plugin.\(pid)"
        thread.start()
    }

    deinit {
        close(socket)
        close(outputPipe)
    }

    // MARK: - Calls

    /// Sends `request` and waits for its reply at most `timeout` of real time, blocking the caller.
    func call(_ request: HostRequest, timeout: Duration) -> CallOutcome {
        guard let id = send(request, timeout: timeout) else { return waitForDeath() }
        return wait(for: id, until: ContinuousClock.now.advanced(by: timeout), timeout: timeout)
    }

    /// As `call`, but after `blocking` of real time the rest of the wait suspends instead of blocking.
    func call(_ request: HostRequest, timeout: Duration, blocking: Duration) async -> CallOutcome {
        switch start(request, timeout: timeout, blocking: blocking) {
        case .finished(let outcome): return outcome
        case .pending(let id, let deadline): return await reply(to: id, until: deadline)
        }
    }

    /// A call the caller blocked on for a while: its outcome, or its id and deadline for `reply(to:until:)`.
    enum Start: Sendable {
        case finished(CallOutcome)
        case pending(UInt32, deadline: ContinuousClock.Instant)
    }

    /// Sends `request` and blocks at most `blocking` of real time for its reply; a pending call must be finished
    /// with `reply(to:until:)`.
    func start(_ request: HostRequest, timeout: Duration, blocking: Duration) -> Start {
        guard let id = send(request, timeout: timeout) else { return .finished(waitForDeath()) }
        let start = ContinuousClock.now
        if let quick = replyOrDeath(for: id, until: start.advanced(by: min(blocking, timeout))) {
            return .finished(quick)
        }
        return .pending(id, deadline: start.advanced(by: timeout))
    }

    /// The rest of a pending call's wait, suspending: its reply, the death, or `.timedOut` at `deadline`.
    func reply(to id: UInt32, until deadline: ContinuousClock.Instant) async -> CallOutcome {
        let rest = deadline - ContinuousClock.now
        return await withCheckedContinuation { (continuation: CheckedContinuation<CallOutcome, Never>) in
            let already: CallOutcome? = condition.withLock {
                if let reply = replies.removeValue(forKey: id) { return .reply(reply) }
                if let death { return .died(death) }
                asyncWaiters[id] = continuation
                return nil
            }
            if let already {
                continuation.resume(returning: already)
                return
            }
            Task { [self] in
                try? await Task.sleep(for: max(rest, .zero))
                let timedOut = condition.withLock { asyncWaiters.removeValue(forKey: id).map { ($0, hang(waitingFor: id, timeout: nil)) } }
                if let (waiter, hang) = timedOut { waiter.resume(returning: .timedOut(hang)) }
            }
        }
    }

    /// Sends `request` without waiting; `finish` waits for its reply. (Loading starts every child before waiting.)
    func begin(_ request: HostRequest) -> UInt32? { send(request, timeout: nil) }

    func finish(_ id: UInt32?, timeout: Duration) -> CallOutcome {
        guard let id else { return waitForDeath() }
        return wait(for: id, until: ContinuousClock.now.advanced(by: timeout), timeout: timeout)
    }

    /// Sends without waiting for a reply (`destroy`).
    func post(_ request: HostRequest) { _ = write(request.frame(requestID: 0)) }

    /// The request's id, or nil when the child is already dead or the send failed.
    private func send(_ request: HostRequest, timeout: Duration?) -> UInt32? {
        condition.lock()
        guard death == nil else {
            condition.unlock()
            return nil
        }
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        let id = nextID
        sent &+= 1
        unanswered[id] = Unanswered(
            instance: request.instance, name: request.name, during: request.during, sequence: sent, timeout: timeout,
            deadline: timeout.map { ContinuousClock.now.advanced(by: $0) })
        condition.unlock()
        guard write(request.frame(requestID: id)) else { return nil }
        return id
    }

    private func write(_ frame: ChannelFrame) -> Bool {
        let bytes = frame.encoded()
        return sending.withLock { bytes.withUnsafeBufferPointer { featurehost_send_all(socket, $0.baseAddress, $0.count) } } == 0
    }

    private func wait(for id: UInt32, until deadline: ContinuousClock.Instant, timeout: Duration) -> CallOutcome {
        replyOrDeath(for: id, until: deadline) ?? .timedOut(condition.withLock { hang(waitingFor: id, timeout: timeout) })
    }

    /// The reply or the death, or nil at the deadline (the request stays pending).
    private func replyOrDeath(for id: UInt32, until deadline: ContinuousClock.Instant) -> CallOutcome? {
        let limit = Date().addingTimeInterval(Self.seconds(deadline - ContinuousClock.now))
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let reply = replies.removeValue(forKey: id) { return .reply(reply) }
            if let death { return .died(death) }
            if !condition.wait(until: limit) {
                if let reply = replies.removeValue(forKey: id) { return .reply(reply) }
                if let death { return .died(death) }
                return nil
            }
        }
    }

    /// What a wait for `id` that ran out is stuck behind (the lock held): the oldest request past its deadline, or
    /// the request itself. `timeout` is the wait's own, for a request sent without one.
    private func hang(waitingFor id: UInt32, timeout: Duration?) -> Hang {
        let now = ContinuousClock.now
        let overdue = unanswered.values.filter { $0.deadline.map { $0 <= now } ?? false }.min { $0.sequence < $1.sequence }
        guard let stuck = overdue ?? unanswered[id] else { return Hang(name: "request \(id)", during: "", timeout: timeout ?? .zero) }
        return Hang(name: stuck.name, during: stuck.during, timeout: stuck.timeout ?? timeout ?? .zero)
    }

    /// After a failed send: the reader sees the end of the channel at once; wait for it to reap the child.
    private func waitForDeath() -> CallOutcome {
        condition.lock()
        defer { condition.unlock() }
        let limit = Date().addingTimeInterval(5)
        while death == nil, condition.wait(until: limit) {}
        return .died(death ?? Death(cause: .killed("its channel closed"), during: nil))
    }

    // MARK: - What any thread may read

    /// The last status the child sent for `instance`.
    func status(of instance: UInt32) -> InstanceStatus? { condition.withLock { statuses[instance] } }

    /// Work in flight in the instance, 1 while its clock settles, and each request for it not yet answered; 0 once
    /// the child is dead, so a stopped plugin never holds up a snapshot.
    func busyCount(of instance: UInt32) -> Int {
        condition.withLock {
            guard death == nil else { return 0 }
            let status = statuses[instance]
            let pending = unanswered.values.reduce(0) { $0 + ($1.instance == instance ? 1 : 0) }
            return Int(clamping: status?.inFlight ?? 0) + (status?.isAdvancing == true ? 1 : 0) + pending
        }
    }

    var isAlive: Bool { condition.withLock { death == nil } }

    /// Ends the child with SIGKILL; its death says `reason` (the first reason given wins).
    func kill(_ reason: String) {
        // Under the lock, so a child already reaped (its pid free for another process) is never signalled.
        condition.withLock {
            guard !reaped else { return }
            if killReason == nil, death == nil { killReason = reason }
            _ = featurehost_kill_plugin(pid)
        }
    }

    /// The watchdog's ping, every ping interval: false once two pings in a row have gone unanswered for an
    /// interval each, else sends the next. Not counted while a call is waiting (its own deadline covers it).
    func ping() -> Bool {
        enum Next { case nothing, send, hung }
        let next: Next = condition.withLock {
            guard death == nil else { return .nothing }
            if !unanswered.isEmpty {
                unansweredPings = 0
                return .nothing
            }
            if unansweredPings >= 2 { return .hung }
            unansweredPings += 1
            return .send
        }
        switch next {
        case .nothing: return true
        case .hung: return false
        case .send:
            _ = write(HostRequest.ping.frame(requestID: 0))
            return true
        }
    }

    /// The child's resident memory in bytes, or nil where it cannot be read.
    var residentBytes: Int? {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
            let fields = text.split(separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
            return pages.multipliedReportingOverflow(by: Int(sysconf(Int32(_SC_PAGESIZE)))).partialValue
        #else
            return nil
        #endif
    }

    // MARK: - The reader thread

    private func readUntilDeath() {
        var decoder = ChannelDecoder(maximumPayload: maximumReply)
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var channelOpen = true
        var outputOpen = true
        // The death is seen when the process exits, not only at the channel's end: a process the plugin forked
        // may hold the channel open after it died. Without a pidfd (not Linux) the loop looks every 100 ms.
        let exitWatch = featurehost_watch_exit(pid)
        defer { if exitWatch >= 0 { close(exitWatch) } }
        var exited = false
        while channelOpen {
            var fds = [
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: outputOpen ? outputPipe : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: exitWatch, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 3, exitWatch >= 0 ? -1 : 100)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[2].revents != 0 || (exitWatch < 0 && ready == 0 && featurehost_has_exited(pid) != 0) { exited = true }
            if fds[1].revents != 0 { outputOpen = readOutput(into: &buffer) }
            if fds[0].revents != 0 { channelOpen = readChannel(&decoder, into: &buffer) }
            // What it sent before it died is read first; then nothing more can come from it.
            while exited, channelOpen, hasInput(socket) { channelOpen = readChannel(&decoder, into: &buffer) }
            if exited { channelOpen = false }
        }
        // Whatever it wrote before it ended (the runtime's "Fatal error" line, a backtrace) is read first, for a
        // while: a process it started may still hold the pipe.
        let drainUntil = ContinuousClock.now.advanced(by: .seconds(2))
        while outputOpen, ContinuousClock.now < drainUntil {
            var fds = [pollfd(fd: outputPipe, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, 100) >= 0 else { break }
            if fds[0].revents != 0 { outputOpen = readOutput(into: &buffer) }
            if !outputOpen { break }
            if exited || featurehost_has_exited(pid) != 0 {
                exited = true
                outputOpen = drainOnce(into: &buffer)
                break
            }
        }
        reap()
    }

    /// Reads what the channel has and handles its frames; false at its end or after garbage (the child is killed).
    private func readChannel(_ decoder: inout ChannelDecoder, into buffer: inout [UInt8]) -> Bool {
        let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return true }
        guard count > 0 else { return false }
        buffer.withUnsafeBytes { decoder.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        do {
            while let frame = try decoder.next() { try handle(frame) }
        } catch {
            kill("the plugin \(Self.name(output)) was stopped: it sent the host \(error.description), which the host cannot read.")
            return false
        }
        return true
    }

    private func hasInput(_ fd: Int32) -> Bool {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        return poll(&fds, 1, 0) > 0 && fds[0].revents != 0
    }

    /// False at the end of the output.
    private func readOutput(into buffer: inout [UInt8]) -> Bool {
        let count = buffer.withUnsafeMutableBytes { read(outputPipe, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN }
        guard count > 0 else { return false }
        buffer.withUnsafeBytes { output.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        return true
    }

    /// Once the child is gone, what is left in the pipe is read without waiting.
    private func drainOnce(into buffer: inout [UInt8]) -> Bool {
        var fds = [pollfd(fd: outputPipe, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 1, 0) > 0, fds[0].revents != 0 {
            if !readOutput(into: &buffer) { return false }
        }
        return true
    }

    private func handle(_ frame: ChannelFrame) throws(ChannelError) {
        let message = try ChildMessage.decode(frame)
        let status: InstanceStatus? =
            switch message {
            case .reply(let reply): reply.status
            case .status(let status): status
            default: nil
            }
        if let hints = status?.keyHints, hints.count > keyHintLimit {
            throw ChannelError("key hints of \(hints.count) bytes, more than the \(ByteCount.text(keyHintLimit)) accepted")
        }
        switch message {
        case .reply(let reply):
            condition.lock()
            guard unanswered.removeValue(forKey: frame.requestID) != nil else {
                condition.unlock()
                throw ChannelError("a reply to request \(frame.requestID), which it was not asked")
            }
            if let status = reply.status { store(status) }
            if let waiter = asyncWaiters.removeValue(forKey: frame.requestID) {
                condition.unlock()
                waiter.resume(returning: .reply(reply))
            } else {
                replies[frame.requestID] = reply
                condition.broadcast()
                condition.unlock()
            }
        case .status(let status):
            condition.withLock { store(status) }
            if status.framesRequested > 0 { onFrames(status.instance, status.framesRequested) }
        case .stopped(_, let overLimit):
            throw ChannelError("more than \(ByteCount.text(Int(clamping: overLimit.limit))) of \(overLimit.what.noun)")
        case .pong:
            condition.withLock { unansweredPings = 0 }
        }
    }

    /// Keeps the last key hints when a status leaves them out (they did not change). Called with the lock held.
    private func store(_ status: InstanceStatus) {
        var status = status
        if status.keyHints == nil { status.keyHints = statuses[status.instance]?.keyHints }
        statuses[status.instance] = status
    }

    private func reap() {
        var status: Int32 = 0
        var reaped = reapNow(&status, blocking: false)
        let until = ContinuousClock.now.advanced(by: .seconds(1))
        while reaped == 0, ContinuousClock.now < until {
            usleep(10_000)
            reaped = reapNow(&status, blocking: false)
        }
        if reaped == 0 {
            // It closed the channel but lives on: it is no use to anyone.
            condition.withLock { _ = featurehost_kill_plugin(pid) }
            reaped = reapNow(&status, blocking: true)
        }
        condition.lock()
        let during = unanswered.values.min { $0.sequence < $1.sequence }?.during
        let cause: Death.Cause
        if let killReason {
            cause = .killed(killReason)
        } else if reaped > 0, Self.signalled(status) {
            cause = .signal(Self.terminatingSignal(status))
        } else if reaped > 0 {
            cause = .exit(Self.exitCode(status))
        } else {
            cause = .killed("the plugin \(Self.name(output)) vanished (\(Self.errorText(errno))).")
        }
        let death = Death(cause: cause, during: during)
        self.death = death
        let waiters = asyncWaiters
        asyncWaiters = [:]
        condition.broadcast()
        condition.unlock()
        for waiter in waiters.values { waiter.resume(returning: .died(death)) }
        onDeath(death)
    }

    /// `waitpid`, with the lock held so `kill` never signals a pid already given back. Once it has exited, and
    /// before its pid is given back, whatever it left in its process group ends (its crash handler ends the rest).
    private func reapNow(_ status: inout Int32, blocking: Bool) -> pid_t {
        condition.withLock {
            if featurehost_has_exited(pid) != 0 { _ = featurehost_kill_process_group(pid) }
            let reaped = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if reaped != 0 { self.reaped = true }
            return reaped
        }
    }

    // MARK: - Helpers

    static func name(_ output: PluginOutput) -> String { output.libraryName }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func signalled(_ status: Int32) -> Bool { (status & 0x7F) != 0 && (status & 0x7F) != 0x7F }
    private static func terminatingSignal(_ status: Int32) -> Int32 { status & 0x7F }
    private static func exitCode(_ status: Int32) -> Int32 { (status >> 8) & 0xFF }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

/// Why the child could not be started.
struct PluginSpawnError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}

extension OverLimit.What {
    var noun: String {
        switch self {
        case .manifest: return "manifest"
        case .assetList: return "web files"
        case .frame: return "frame"
        case .keyHints: return "key hints"
        case .html: return "HTML"
        }
    }
}
