import FeatureHostCore
import FeatureHostPluginWire
import Foundation

/// Where and how the host starts `featurehost-plugin-host`: the executable (next to the host's own, or
/// `$FEATUREHOST_PLUGIN_HOST`), the environment it gets, and the folder for the plugins' logs.
public struct PluginHostSetup: Sendable {
    public var executable: URL
    public var environment: [String: String]
    /// `<data>/logs/plugins`; nil for commands that write nothing (`validate`, `list`): output is then only kept
    /// for the panel.
    public var logDirectory: URL?

    public init(executable: URL, environment: [String: String], logDirectory: URL?) {
        self.executable = executable
        self.environment = environment
        self.logDirectory = logDirectory
    }

    /// The child's backtracer prints a report and never waits for a key: its stdin is /dev/null and nobody could
    /// press one. `FEATUREHOST_PLUGIN_SWIFT_BACKTRACE` replaces the setting (e.g. `enable=no`).
    public static let backtrace = "enable=yes,interactive=no,symbolicate=fast,color=no"

    /// The standard setup for a host whose data lives in `dataDirectory`.
    public static func standard(dataDirectory: URL?, writesLogs: Bool) -> PluginHostSetup {
        let processEnvironment = ProcessInfo.processInfo.environment
        var environment = processEnvironment.filter { inherits($0.key) }
        environment["SWIFT_BACKTRACE"] = processEnvironment["FEATUREHOST_PLUGIN_SWIFT_BACKTRACE"] ?? backtrace
        if let dataDirectory {
            // FoundationNetworking makes folders under these with a process's first URLSession.
            let foundation = dataDirectory.appendingPathComponent("cache/foundation", isDirectory: true).path
            environment["XDG_CACHE_HOME"] = foundation
            environment["XDG_DATA_HOME"] = foundation
        }
        return PluginHostSetup(
            executable: locateExecutable(environment: processEnvironment), environment: environment,
            logDirectory: writesLogs ? dataDirectory?.appendingPathComponent("logs/plugins", isDirectory: true) : nil)
    }

    public static let executableName = "featurehost-plugin-host"

    /// What the child keeps of the host's environment (with `LC_*`): what a process needs to run, find programs,
    /// speak the user's language and run under a sanitizer. The rest (tokens, the host's own settings) stays out.
    package static let inheritedVariables: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR", "LD_LIBRARY_PATH", "TSAN_OPTIONS", "ASAN_OPTIONS",
        "UBSAN_OPTIONS", "LSAN_OPTIONS",
    ]

    /// The variables the host sets for the child itself.
    package static let setVariables: Set<String> = ["SWIFT_BACKTRACE", "XDG_CACHE_HOME", "XDG_DATA_HOME"]

    package static func inherits(_ name: String) -> Bool { inheritedVariables.contains(name) || name.hasPrefix("LC_") }

    /// `$FEATUREHOST_PLUGIN_HOST`, else the file beside the running executable.
    public static func locateExecutable(environment: [String: String]) -> URL {
        if let path = environment["FEATUREHOST_PLUGIN_HOST"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let running = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? executableName)
        var folder = running.resolvingSymlinksInPath().deletingLastPathComponent()
        // macOS runs tests from inside `X.xctest/Contents/MacOS`.
        while folder.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) { folder = folder.deletingLastPathComponent() }
        return folder.appendingPathComponent(executableName)
    }
}

/// One plugin library run out of process: its `featurehost-plugin-host` child, started again on a restart (each
/// start is a new generation, which loads the library again, so a rebuilt file is picked up), the record of why
/// each generation stopped, and the crash budget for automatic restarts. Every instance of the library (the
/// shell's, each web page's) lives in the current child.
@MainActor
public final class PluginProcessLibrary {
    public let file: URL
    public let limits: PluginLimits
    public let setup: PluginHostSetup
    public private(set) var manifest: FeatureManifest
    public private(set) var hasWebView: Bool
    /// False for a web-only plugin (its manifest says it has no terminal scene).
    public private(set) var hasTerminalScene = true
    /// The current child's generation: 1 for the first start.
    public private(set) var generation = 0
    /// Requests sent to any child of this library, for tests that check a stopped plugin is not called.
    public private(set) var requestsSent = 0
    let output: PluginOutput
    private(set) var child: PluginChild?
    /// Why each generation stopped.
    private var stops: [Int: PluginStop] = [:]
    private var stopTimes: [ContinuousClock.Instant] = []
    private var nextInstance: UInt32 = 0
    /// The instances' frame-request hops and stop notices, by instance number; read by the reader thread.
    let frameTargets = FrameHops()
    private var watchdog: PluginWatchdog?
    private var assets: [UInt8]??

    public var name: String { file.lastPathComponent }

    /// The current child's process id, while it runs.
    public var processID: Int32? { runningChild?.pid }

    private init(file: URL, limits: PluginLimits, setup: PluginHostSetup) {
        self.file = file
        self.limits = limits
        self.setup = setup
        manifest = FeatureManifest(id: "plugin", title: file.lastPathComponent, summary: "")
        hasWebView = false
        output = PluginOutput(
            libraryName: file.lastPathComponent, logFile: setup.logDirectory?.appendingPathComponent("\(file.lastPathComponent).log"))
    }

    /// Nothing can reach the library's instances any more (a test's host, a benchmark's): its process ends with it.
    /// A host's libraries live for the run; their processes end when the host does.
    deinit {
        child?.kill("the plugin \(file.lastPathComponent) was let go.")
    }

    // MARK: - Loading

    /// A load under way: the child started and asked for the library's manifest.
    public struct PendingLoad {
        let library: PluginProcessLibrary
        let request: UInt32?
    }

    /// Starts the child and asks it to load `file`; `finish` waits for the answer. Starting every library first
    /// and then waiting lets the children load in parallel.
    public static func start(_ file: URL, limits: PluginLimits, setup: PluginHostSetup) throws(PluginLoadError) -> PendingLoad {
        let library = PluginProcessLibrary(file: file, limits: limits, setup: setup)
        guard FileManager.default.isExecutableFile(atPath: setup.executable.path) else {
            throw PluginLoadError(
                file: file,
                reason: .cannotStartHost(
                    "\(setup.executable.path) is missing (build it with `swift build --product \(PluginHostSetup.executableName)`, "
                        + "or set FEATUREHOST_PLUGIN_HOST)"))
        }
        let child: PluginChild
        do {
            child = try library.spawn()
        } catch {
            throw PluginLoadError(file: file, reason: .cannotStartHost(error.message))
        }
        return PendingLoad(library: library, request: child.begin(.hello(library.hello)))
    }

    /// Waits for the manifest; the library is ready to make instances.
    public static func finish(_ pending: PendingLoad) throws(PluginLoadError) -> PluginProcessLibrary {
        let library = pending.library
        guard let child = library.child else { throw PluginLoadError(file: library.file, reason: .cannotStartHost("it did not start")) }
        switch library.loaded(child.finish(pending.request, timeout: library.limits.loadTimeout), from: child) {
        case .success(let loaded):
            library.manifest = loaded.manifest
            library.hasWebView = loaded.hasWebView
            library.hasTerminalScene = loaded.hasTerminalScene
            library.watchdog = PluginWatchdog(child: child, limits: library.limits)
            return library
        case .failure(let error):
            throw error
        }
    }

    private var hello: HostRequest.Hello { HostRequest.Hello(library: file.path, limits: limits.outputLimits) }

    private func spawn() throws(PluginSpawnError) -> PluginChild {
        generation += 1
        let generation = self.generation
        output.begin("\(PluginHostSetup.executableName) for \(name), start \(generation), \(Date())")
        let targets = frameTargets
        // The address-space cap is a backstop far behind the watchdog: Dispatch threads and malloc arenas reserve
        // address space they never touch, so a cap near the real limit would stop healthy plugins.
        let addressSpace = UInt64(clamping: limits.memoryBytes) &* 2 &+ (8 << 30)
        let child = try PluginChild(
            executable: setup.executable, environment: setup.environment, addressSpaceLimit: addressSpace, generation: generation,
            output: output, maximumReply: limits.outputLimits.largestReply, keyHintLimit: limits.keyHintBytes,
            onFrames: { instance, frames in
                targets[instance]?.request(frames)
            },
            onDeath: { [weak self] death in
                Task { @MainActor in self?.childEnded(generation: generation, death: death) }
            })
        self.child = child
        // So a person debugging the plugin finds its process (docs/writing-a-feature.md, "Debugging a plugin").
        output.note("process \(child.pid): attach with lldb -p \(child.pid) or gdb -p \(child.pid)")
        return child
    }

    private struct Loaded {
        var manifest: FeatureManifest
        var hasWebView: Bool
        var hasTerminalScene: Bool
    }

    private func loaded(_ outcome: PluginChild.CallOutcome, from child: PluginChild) -> Result<Loaded, PluginLoadError> {
        func failed(_ reason: PluginLoadError.Reason) -> Result<Loaded, PluginLoadError> {
            child.kill("the plugin \(name) was not loaded.")
            return .failure(PluginLoadError(file: file, reason: reason))
        }
        switch outcome {
        case .timedOut:
            child.kill("the plugin \(name) did not load within \(limits.loadTimeout) of real time.")
            return .failure(PluginLoadError(file: file, reason: .hungWhileLoading(limits.loadTimeout)))
        case .died(let death):
            let what = "\(Self.what(death)) while loading (in a static initializer, its entry function or its manifest)."
            return .failure(
                PluginLoadError(file: file, reason: .diedWhileLoading(what, lastWords: output.fatalLine() ?? output.lastLines(1).last)))
        case .reply(let reply):
            switch reply.outcome {
            case .loadFailed(let failure): return failed(PluginLoadError.Reason(failure))
            case .ok:
                do {
                    let wire = try ManifestWire.decode(reply.bytes)
                    let manifest = try wire.manifest()
                    guard manifest.id.isKebabCase else {
                        return failed(.badManifest("the feature id \"\(manifest.id)\" is not kebab-case."))
                    }
                    return .success(Loaded(manifest: manifest, hasWebView: reply.number == 1, hasTerminalScene: wire.hasTerminalScene))
                } catch {
                    return failed(.badManifest(error.userFacingMessage))
                }
            default: return failed(.badManifest("its host process answered the load with something else."))
            }
        }
    }

    // MARK: - Running and stopping

    /// The child, when the current generation runs.
    var runningChild: PluginChild? {
        guard let child, child.isAlive, stops[generation] == nil else { return nil }
        return child
    }

    public var isRunning: Bool { runningChild != nil }

    /// Why generation `generation` stopped; nil while it runs.
    public func stop(of generation: Int) -> PluginStop? { stops[generation] }

    /// The current generation's stop.
    public var currentStop: PluginStop? { stops[generation] }

    /// Stops the current child for `reason` (output past a bound, a hang): it is killed, never trusted again.
    func stop(_ child: PluginChild, reason: String, during: String? = nil) {
        child.kill(reason)
        childEnded(generation: child.generation, death: PluginChild.Death(cause: .killed(reason), during: during))
    }

    /// Called once per death, first by whoever sees it (a caller's reply, or the reader's hop): records the stop,
    /// spends one from the crash budget, and tells every instance to draw its panel.
    func childEnded(generation: Int, death: PluginChild.Death) {
        guard stops[generation] == nil else { return }
        let now = ContinuousClock.now
        stopTimes = stopTimes.filter { now - $0 < limits.crashWindow } + [now]
        stops[generation] = describe(death)
        if generation == self.generation { watchdog?.pause() }
        for hop in frameTargets.all { hop.stopped() }
    }

    /// True when a new instance may restart the library by itself: fewer stops than the budget in the window.
    var mayRestartByItself: Bool {
        let now = ContinuousClock.now
        return stopTimes.filter { now - $0 < limits.crashWindow }.count < limits.crashBudget
    }

    /// Why the library was retired (`retire(_:)`), if it was: it never starts again.
    private var retirement: String?

    /// The config no longer runs this build (the library was rebuilt, or taken out of `"plugins"`): its process ends
    /// now, once its instances were let go, rather than when the last reference to it goes, and it never restarts.
    public func retire(_ reason: String) {
        guard retirement == nil else { return }
        retirement = reason
        watchdog?.pause()
        child?.kill(reason)
    }

    /// Starts a new child when the current one stopped. `automatic` (a new page) respects the crash budget; an
    /// explicit restart does not. A stop is returned when it could not start again.
    func restart(automatic: Bool) -> PluginStop? {
        if let retirement { return PluginStop(reason: retirement, lastLines: [], logFile: output.logFile, canRestart: false) }
        if runningChild != nil { return nil }
        if automatic, !mayRestartByItself { return budgetStop }
        let previousID = manifest.id
        do {
            let child = try spawn()
            switch loaded(child.call(.hello(hello), timeout: limits.loadTimeout), from: child) {
            case .success(let loaded):
                guard loaded.manifest.id == previousID else {
                    return failedRestart(
                        child,
                        "the plugin \(name) now provides the feature \"\(loaded.manifest.id)\", not \"\(previousID)\"; restart the host to load it."
                    )
                }
                hasWebView = loaded.hasWebView
                hasTerminalScene = loaded.hasTerminalScene
                watchdog?.watch(child)
                return nil
            case .failure(let error):
                return failedRestart(child, "the plugin \(name) could not be started again: \(error.description)")
            }
        } catch {
            return failedRestart(nil, "the plugin \(name) could not be started again: \(error.message)")
        }
    }

    private func failedRestart(_ child: PluginChild?, _ reason: String) -> PluginStop {
        child?.kill(reason)
        let stop = PluginStop(reason: reason, lastLines: output.lastLines(5), logFile: output.logFile, canRestart: true)
        stops[generation] = stop
        return stop
    }

    /// What a new instance shows when the budget is spent.
    private var budgetStop: PluginStop {
        var stop = currentStop ?? PluginStop(reason: "the plugin \(name) stopped.")
        stop.crashesLately = stopTimes.count
        stop.canRestart = true
        return stop
    }

    /// The death as a panel says it.
    func describe(_ death: PluginChild.Death) -> PluginStop {
        let fatal = output.fatalLine()
        let reason: String
        if case .killed(let sentence) = death.cause {
            reason = sentence
        } else {
            reason = "the plugin \(name) stopped: \(Self.what(death)) \(Self.place(death.during))."
        }
        var lastLines = output.lastLines(5)
        if let fatal, lastLines.last == fatal { lastLines.removeLast() }
        return PluginStop(
            reason: reason, fatalLine: fatal, lastLines: lastLines, logFile: output.logFile, lostState: true, canRestart: true)
    }

    /// "it crashed with SIGILL (…)", "its process exited with status 3".
    static func what(_ death: PluginChild.Death) -> String {
        switch death.cause {
        case .signal(let signal): return "it crashed with \(PluginSignal.describe(signal))"
        case .exit(let code): return "its process exited with status \(code)"
        case .killed(let sentence): return sentence
        }
    }

    static func place(_ during: String?) -> String { during ?? "while running on its own (a timer, a task or a thread of its own)" }

    // MARK: - Instances

    /// A new instance number, with the hop that delivers its frame requests.
    func register(_ hop: FrameHop) -> UInt32 {
        nextInstance = nextInstance == UInt32.max ? 1 : nextInstance + 1
        frameTargets[nextInstance] = hop
        return nextInstance
    }

    func countRequest() { requestsSent += 1 }

    // MARK: - Web files

    /// The web files' list as JSON, read once; nil when the plugin has none or sent more than the bound.
    public func webAssetList() -> [UInt8]? {
        if let assets { return assets }
        guard hasWebView, let child = runningChild else { return nil }
        countRequest()
        var list: [UInt8]?
        if case .reply(let reply) = child.call(.webAssets, timeout: limits.loadTimeout), reply.outcome == .ok { list = reply.bytes }
        assets = .some(list)
        return list
    }
}

/// Delivers one instance's frame requests from the reader thread to the main actor, coalesced, and its stops.
public final class FrameHop: Sendable {
    private let queued = Locked(false)
    private let deliver: @MainActor @Sendable () -> Void
    private let onStop: @MainActor @Sendable () -> Void

    init(deliver: @escaping @MainActor @Sendable () -> Void, onStop: @escaping @MainActor @Sendable () -> Void) {
        self.deliver = deliver
        self.onStop = onStop
    }

    /// From the reader thread: one hop to the main actor however many requests come before it runs.
    func request(_ frames: UInt32) {
        let queue: Bool = queued.withLock { queued in
            defer { queued = true }
            return !queued
        }
        guard queue else { return }
        Task { @MainActor in
            self.queued.withLock { $0 = false }
            self.deliver()
        }
    }

    @MainActor func stopped() { onStop() }
}

/// The instances' frame hops by number, for the reader thread.
final class FrameHops: Sendable {
    private let hops = Locked<[UInt32: FrameHop]>([:])

    subscript(instance: UInt32) -> FrameHop? {
        get { hops.withLock { $0[instance] } }
        set { hops.withLock { $0[instance] = newValue } }
    }

    var all: [FrameHop] { hops.withLock { $0.sorted { $0.key < $1.key }.map(\.value) } }
}

/// Reads the child's resident memory every `memoryCheckInterval` and kills it past `memoryBytes`; pings it every
/// `pingInterval` and kills it when two pings in a row go unanswered. Runs on a queue of its own, never on the
/// main actor, so it works while the host's main actor waits.
final class PluginWatchdog: @unchecked Sendable {
    // @unchecked: the timer source is set once and only cancelled; what changes is in `watched`.
    /// The child it checks (nil while paused) and the checks since it began watching it.
    private let watched: Locked<(child: PluginChild?, ticks: Int)>
    private let limits: PluginLimits
    private let timer: any DispatchSourceTimer

    init(child: PluginChild, limits: PluginLimits) {
        self.limits = limits
        watched = Locked((child, 0))
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "featurehost.plugin.watchdog"))
        let interval = PluginChild.seconds(limits.memoryCheckInterval)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [weak self] in self?.check() }
        timer.resume()
    }

    deinit { timer.cancel() }

    func watch(_ child: PluginChild) { watched.withLock { $0 = (child, 0) } }
    func pause() { watched.withLock { $0.child = nil } }

    private func check() {
        let every = max(Int(PluginChild.seconds(limits.pingInterval) / PluginChild.seconds(limits.memoryCheckInterval)), 1)
        let (child, pingNow): (PluginChild?, Bool) = watched.withLock {
            $0.ticks += 1
            return ($0.child, $0.ticks % every == 0)
        }
        guard let child, child.isAlive else { return }
        if let resident = child.residentBytes, resident > limits.memoryBytes {
            child.kill(
                "the plugin \(child.output.libraryName) was stopped: it used \(ByteCount.approximate(resident)) of memory, more than the "
                    + "\(ByteCount.approximate(limits.memoryBytes)) the host allows a plugin.")
            return
        }
        if pingNow, !child.ping() {
            child.kill(
                "the plugin \(child.output.libraryName) was stopped: it stopped answering (no reply to two pings \(limits.pingInterval) apart)."
            )
        }
    }
}
