import FeatureHostCore
import FeatureHostPluginWire
import Foundation

/// One plugin instance in its library's `featurehost-plugin-host`, as bytes: the surface bridges turn them into
/// frames and HTML. Every call has a real-time deadline; a reply carries the instance's status, so minimum size,
/// key hints, work in flight and the next deadline are read from the last one, never asked for. When the child
/// dies or is stopped, the instance shows why until it is restarted, which loads the library again and makes the
/// instance anew from the same context, then opens what was open (in-memory state is lost; saved state is not).
@MainActor
public final class PluginProcessInstance: ManualClockFollower {
    public let library: PluginProcessLibrary
    /// What the instance is made from, again at a restart; its conventions follow a reformat.
    private var context: FeatureContext
    private let dataDirectory: URL
    private let manual: ManualClock?
    private let link = InstanceLink()
    private let frameTargets: FrameHops
    private(set) var number: UInt32 = 0
    /// The child generation the instance was made in; 0 when it never was.
    private var generation = 0
    /// Why the instance itself is stopped (a restart that failed), above its generation's stop.
    private var ownStop: PluginStop?
    private var isWeb = false
    private var appeared = false
    private var inBackground = false
    /// The host clock's time when the plugin's clock was at zero; nil with a live clock.
    private var base: ManualClock.Instant?
    private let changes = ObservedCount()
    private var probe: ActivityProbe?
    private var following = false
    private var slowCalls = SlowCallStreak()
    /// Calls whose reply the host stopped blocking for (`PluginLimits.replyWait`), until it is applied: work in
    /// flight, so `snapshot` and tests wait for it.
    let waiting = Locked(0)
    private var frames = LatestReply<[Int32]>()
    private var pages = LatestReply<[Int32]>()
    /// Keys on their way and waiting (`PluginProcessInstance+Keys`).
    var keys = KeyQueue()

    public var name: String { library.name }
    public var file: URL { library.file }
    public var hasWebView: Bool { library.hasWebView }
    public var limits: PluginLimits { library.limits }

    /// Makes the instance in the library's child, restarting the library first when it stopped (within the crash
    /// budget). Throws only the plugin's own refusal (`create` returned no instance: its message); a crash or a
    /// hang in `create` leaves the instance stopped, with its panel and a restart.
    public init(library: PluginProcessLibrary, context: FeatureContext, dataDirectory: URL) throws(FeatureError) {
        self.library = library
        self.context = context
        self.dataDirectory = dataDirectory
        manual = context.clock as? ManualClock
        frameTargets = library.frameTargets
        probe = context.activity.addProbe { [link, waiting] in link.busyCount + waiting.withLock { $0 } }
        if let stop = library.restart(automatic: true) {
            ownStop = stop
            return
        }
        try create()
    }

    deinit {
        link.destroy()
        frameTargets[link.number] = nil
    }

    /// `create` in the current child.
    private func create() throws(FeatureError) {
        guard let child = library.runningChild else { return }
        if number != 0 { frameTargets[number] = nil }
        slowCalls.reset()
        frames.reset()
        pages.reset()
        dropWaitingKeys()
        let hop = FrameHop(
            deliver: { [weak self] in self?.fire(1) },
            onStop: { [weak self] in self?.fire(1) })
        number = library.register(hop)
        generation = child.generation
        link.set(child, number: number)
        let wire = ContextWire(
            context: context, dataDirectory: dataDirectory, preferencesFile: HostEnvironment.preferencesFile(in: dataDirectory),
            clock: manual == nil ? .live : .manual)
        library.countRequest()
        let request = HostRequest.create(instance: number, context: wire.encoded())
        guard let reply = settle(child.call(request, timeout: library.limits.createTimeout), of: request, child: child) else { return }
        if reply.outcome == .refused {
            frameTargets[number] = nil
            link.set(nil, number: 0)
            generation = 0
            var message = String(decoding: reply.bytes, as: UTF8.self)
            if reply.number == 1 {
                message += "… (cut: the plugin \(name) wrote more than \(ByteCount.text(library.limits.errorMessageBytes)))"
            }
            throw FeatureError(message.isEmpty ? "the plugin \(name) did not say why." : message)
        }
        base = manual?.now
        // Once: a restarted instance is the same follower, with a new base.
        if !following, let manual {
            manual.addFollower(self)
            following = true
        }
    }

    // MARK: - Running, stopped, restarted

    /// Why the instance is not running; nil while it is.
    public var stop: PluginStop? {
        if let ownStop { return ownStop }
        guard generation != 0 else {
            return library.currentStop ?? PluginStop(reason: "the plugin \(name) is not running.", canRestart: true)
        }
        return library.stop(of: generation)
    }

    public var isRunning: Bool { ownStop == nil && generation != 0 && generation == library.generation && library.isRunning }

    /// Starts the library again if it stopped (an explicit restart ignores the crash budget), makes this instance
    /// anew from its context and opens what was open. False when it could not (the panel then says why).
    @discardableResult
    public func restart() -> Bool {
        guard !isRunning else { return true }
        ownStop = nil
        if let stop = library.restart(automatic: false) {
            ownStop = stop
            fire(1)
            return false
        }
        do {
            try create()
        } catch {
            ownStop = PluginStop(reason: "the plugin \(name) could not start again: \(error.message)", canRestart: true)
            fire(1)
            return false
        }
        if isWeb { call(.openWebScene(instance: number)) }
        if appeared { call(.openScene(instance: number)) }
        if inBackground { call(.lifecycle(instance: number, code: 0)) }
        fire(1)
        return isRunning
    }

    // MARK: - Calls

    /// How a call went: its reply; none (the plugin is not running, or was stopped during or by the call: its panel
    /// then says why); or a reply still on its way, which the call's `then` gets on the main actor.
    enum Answer {
        case reply(ChannelReply)
        case none
        case later
    }

    /// Sends a request and blocks for its reply at most `replyWait` (or `blocking`), then lets the main actor go on: a
    /// plugin that thinks holds up no other feature. The rest of the wait suspends.
    @discardableResult
    func call(
        _ request: HostRequest, timeout: Duration? = nil, blocking override: Duration? = nil,
        then: @escaping @MainActor (ChannelReply?) -> Void = { _ in }
    ) -> Answer {
        guard isRunning, let child = library.runningChild else { return .none }
        library.countRequest()
        let timeout = timeout ?? library.limits.callTimeout
        let blocking = override ?? replyWait(timeout)
        // Real time, as the deadline: the host's manual clock stands still while it waits.
        let started = ContinuousClock.now
        guard blocking < timeout else {
            return finish(child.call(request, timeout: timeout), of: request, child: child, started: started).map(Answer.reply) ?? .none
        }
        switch child.start(request, timeout: timeout, blocking: blocking) {
        case .finished(let outcome):
            return finish(outcome, of: request, child: child, started: started).map(Answer.reply) ?? .none
        case .pending(let id, let deadline):
            waiting.withLock { $0 += 1 }
            Task { [weak self, waiting] in
                let outcome = await child.reply(to: id, until: deadline)
                then(self?.finish(outcome, of: request, child: child, started: started))
                // After the reply is applied: idle means every reply is in what the scenes draw.
                waiting.withLock { $0 -= 1 }
            }
            return .later
        }
    }

    private func replyWait(_ timeout: Duration) -> Duration {
        if let wait = library.limits.replyWait { return wait }
        return manual == nil ? .milliseconds(10) : timeout
    }

    /// The reply, settled; nil when the call stopped the plugin, or its `slowCallsInARow`-th slow call in a row did.
    private func finish(_ outcome: PluginChild.CallOutcome, of request: HostRequest, child: PluginChild, started: ContinuousClock.Instant)
        -> ChannelReply?
    {
        let took = ContinuousClock.now - started
        guard let reply = settle(outcome, of: request, child: child) else { return nil }
        let limits = library.limits
        guard slowCalls.record(request.name, took: took, threshold: limits.slowCallThreshold, limit: limits.slowCallsInARow) else {
            return reply
        }
        library.stop(child, reason: slowReason(request), during: request.during)
        return nil
    }

    private func slowReason(_ request: HostRequest) -> String {
        let limits = library.limits
        return "the plugin \(name) was stopped: it answered \(request.name) \(limits.slowCallsInARow) times in a row in more than "
            + "\(limits.slowCallThreshold) of real time each, and every other feature waits while it does."
    }

    /// The reply, with its frame requests delivered; nil after a death, a timeout or output past a bound, each of
    /// which stops the library.
    private func settle(_ outcome: PluginChild.CallOutcome, of request: HostRequest, child: PluginChild) -> ChannelReply? {
        switch outcome {
        case .reply(let reply):
            switch reply.outcome {
            case .ok, .refused:
                fire(Int(reply.status?.framesRequested ?? 0))
                return reply
            case .overLimit(let overLimit):
                library.stop(child, reason: overLimitReason(overLimit, request: request), during: request.during)
                return nil
            case .unknownInstance, .loadFailed:
                library.stop(
                    child, reason: "the plugin \(name) was stopped: its process no longer knew this instance.", during: request.during)
                return nil
            }
        case .died(let death):
            library.childEnded(generation: child.generation, death: death)
            return nil
        case .timedOut(let hang):
            library.stop(child, reason: timedOutReason(hang), during: hang.during)
            return nil
        }
    }

    /// A call past its deadline is a hang, unless the plugin is in the middle of reporting a crash (a slow
    /// backtrace): then it is the crash.
    private func timedOutReason(_ hang: PluginChild.Hang) -> String {
        guard library.output.showsACrash else {
            return "the plugin \(name) was stopped: it did not answer \(hang.name) within \(hang.timeout) of real time."
        }
        return "the plugin \(name) stopped: it crashed \(hang.during) (the host ended it while it wrote its crash report, "
            + "which took longer than \(hang.timeout))."
    }

    private func overLimitReason(_ overLimit: OverLimit, request: HostRequest) -> String {
        let limit = ByteCount.text(Int(clamping: overLimit.limit))
        switch overLimit.what {
        case .frame:
            var size = ""
            if case .render(_, let width, let height) = request { size = " for one \(width)×\(height) frame" }
            return "the plugin \(name) was stopped: it sent more than \(limit)\(size), and the host accepts at most \(limit)."
        case .keyHints:
            return "the plugin \(name) was stopped: it sent more than \(limit) of key hints, and the host accepts at most \(limit)."
        case .html:
            return
                "the plugin \(name) was stopped: it sent more than \(limit) of HTML for one render, and the host accepts at most \(limit)."
        case .manifest, .assetList:
            return "the plugin \(name) was stopped: it sent more than \(limit) of \(overLimit.what.noun)."
        }
    }

    /// Tells the surfaces to draw again, `count` times (a reply folds the frame requests made during its call).
    private func fire(_ count: Int) {
        if count > 0 { changes.add(min(count, 64)) }
    }

    /// The frame requests, stops and restarts so far. Observable: a scene that reads it in `render` is drawn again
    /// at the next one (a render loop folds any number into one draw per turn).
    public var frameRequests: Int { changes.value }

    // MARK: - The table's calls

    /// `open_scene`: the host's `appear`.
    public func openScene() {
        appeared = true
        call(.openScene(instance: number))
    }

    public func openWebScene() {
        isWeb = true
        call(.openWebScene(instance: number))
    }

    /// The frame's bytes; nil when the plugin is not running (or was stopped by this render). While a render is on
    /// its way, the last frame of this size, or no bytes when there is none yet.
    public func render(width: Int32, height: Int32) -> [UInt8]? {
        newest(.frame, [width, height], .render(instance: number, width: width, height: height))
    }

    /// The web scene's HTML, as `render` does frames.
    public func renderHTML() -> [UInt8]? { newest(.page, [], .renderHTML(instance: number)) }

    /// What the scenes draw from the plugin's replies.
    private enum Drawn: Sendable {
        case frame, page
    }

    private subscript(drawn: Drawn) -> LatestReply<[Int32]> {
        get { drawn == .frame ? frames : pages }
        set {
            if drawn == .frame { frames = newValue } else { pages = newValue }
        }
    }

    /// `render` and `renderHTML`: the reply within the call, the last one while a call is on its way, and when
    /// that reply comes one more change, so the scene draws it (the next ask takes it without a call).
    private func newest(_ drawn: Drawn, _ key: [Int32], _ request: HostRequest) -> [UInt8]? {
        guard isRunning else { return nil }
        if case .reuse(let bytes) = self[drawn].ask(key) { return bytes ?? [] }
        let generation = self.generation
        let answer = call(request) { [weak self] reply in
            guard let self else { return }
            // A reply from before a restart is the old instance's: not drawn.
            self[drawn].arrived(key, generation == self.generation ? reply?.bytes : nil)
            self.fire(1)
        }
        switch answer {
        case .reply(let reply):
            self[drawn].answered(key, reply.bytes)
            return reply.bytes
        case .none:
            return nil
        case .later:
            self[drawn].sent()
            return self[drawn].last(for: key) ?? []
        }
    }

    public func handleLifecycle(_ code: Int32) {
        inBackground = code == 0
        call(.lifecycle(instance: number, code: code))
    }

    /// A page event the plugin has not answered yet counts as handled: it is on its way (the page has nothing
    /// else to do with it).
    public func handlePageEvent(_ json: [UInt8]) -> Bool { handled(call(.pageEvent(instance: number, json: json))) }

    /// The user's conventions changed: true when the plugin formatted again in place (its reply's frame requests draw
    /// the change), false when it cannot (a library without the reformat entry, a stopped plugin) and must be made
    /// again. Waits for the answer, as `create` does: the host decides from it whether to make the instance again.
    public func reformat(for conventions: FormatConventions) -> Bool {
        guard isRunning else { return false }
        let request = HostRequest.reformat(instance: number, conventions: ConventionsWire(conventions).encoded())
        let timeout = library.limits.callTimeout
        guard case .reply(let reply) = call(request, timeout: timeout, blocking: timeout), reply.number == 1 else { return false }
        context.locale = conventions.locale
        context.timeZone = conventions.timeZone
        context.hourCycle = conventions.hourCycle
        return true
    }

    private func handled(_ answer: Answer) -> Bool {
        switch answer {
        case .reply(let reply): reply.number == 1
        case .none: false
        case .later: true
        }
    }

    /// From the last status: no call.
    public var minimumSize: (width: Int32, height: Int32) {
        guard isRunning, let status = link.status else { return (0, 0) }
        return (max(status.minimumWidth, 0), max(status.minimumHeight, 0))
    }

    /// The key hints' JSON from the last status that carried them.
    public var keyHintBytes: [UInt8] {
        guard isRunning else { return [] }
        return link.status?.keyHints ?? []
    }

    // MARK: - ManualClockFollower

    public var nextDeadline: ManualClock.Instant? {
        guard isRunning, let base, let offset = link.status?.nextDeadline, offset >= 0 else { return nil }
        return base.advanced(by: .nanoseconds(offset))
    }

    public func advance(to instant: ManualClock.Instant) async {
        _ = await advance(from: instant, before: instant, through: instant) { _ in }
    }

    /// Moves the plugin's clock through a batch of its own deadlines in one request (horizon batching), then
    /// replays the instants reached on the host's clock, with the frames asked for at each.
    public func advance(
        from first: ManualClock.Instant, before horizon: ManualClock.Instant?, through limit: ManualClock.Instant,
        reached: (ManualClock.Instant) -> Void
    ) async -> ManualClock.Instant {
        guard isRunning, let base, let child = library.runningChild else {
            reached(first)
            return first
        }
        let offset = { (instant: ManualClock.Instant) in PluginTime.nanoseconds(base.duration(to: instant)) }
        let request = HostRequest.advance(
            instance: number,
            HostRequest.Advance(first: offset(first), horizon: horizon.map(offset) ?? -1, limit: offset(limit), maximumSteps: 4096))
        library.countRequest()
        let outcome = await child.call(request, timeout: library.limits.advanceTimeout, blocking: .milliseconds(50))
        if case .timedOut(let hang) = outcome {
            let stuck =
                "the plugin \(name) was stopped: it did not finish advancing its clock to \(Self.seconds(offset(first))) within "
                + "\(library.limits.advanceTimeout) of real time (its advance never called done)."
            let inAdvance = hang.name == request.name && !library.output.showsACrash
            library.stop(child, reason: inAdvance ? stuck : timedOutReason(hang), during: hang.during)
            reached(first)
            return first
        }
        guard let reply = settle(outcome, of: request, child: child) else {
            reached(first)
            return first
        }
        var last = first
        var replayed = false
        // The child was asked for at most 4,096 steps, in order, up to `limit`: anything else is not replayed.
        for step in reply.steps.prefix(4096) {
            let instant = base.advanced(by: .nanoseconds(step.offset))
            guard instant >= last, instant <= limit else { continue }
            last = instant
            replayed = true
            reached(instant)
            fire(Int(step.framesRequested))
        }
        if !replayed { reached(first) }
        return last
    }

    static func seconds(_ nanoseconds: Int64) -> String {
        let whole = nanoseconds / 1_000_000_000
        let milliseconds = nanoseconds % 1_000_000_000 / 1_000_000
        return milliseconds == 0 ? "\(whole) s" : "\(whole).\(String(milliseconds + 1000).dropFirst()) s"
    }
}

/// The instance's child and number, for what other threads read (the activity probe) and for `deinit`.
final class InstanceLink: Sendable {
    private let link = Locked<(child: PluginChild?, instance: UInt32)>((nil, 0))

    func set(_ child: PluginChild?, number: UInt32) {
        link.withLock { $0 = (child, number) }
    }

    private var current: (child: PluginChild?, instance: UInt32) {
        link.withLock { $0 }
    }

    var number: UInt32 { current.instance }

    var status: InstanceStatus? {
        let current = self.current
        return current.child?.status(of: current.instance)
    }

    /// Work in flight in the plugin for this instance; 0 once its child is gone.
    var busyCount: Int {
        let current = self.current
        return current.child?.busyCount(of: current.instance) ?? 0
    }

    /// The instance is let go: its child destroys it (nothing waits for that).
    func destroy() {
        let current = self.current
        guard let child = current.child, current.instance != 0, child.isAlive else { return }
        child.post(HostRequest.destroy(instance: current.instance))
    }
}
