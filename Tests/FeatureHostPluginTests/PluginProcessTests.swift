import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Observation
import TerminalPluginBridge
import TerminalUI
import Testing
import WebPluginBridge
import WebUI

#if canImport(Glibc)
    import Glibc
#endif

/// Plugins out of process (`featurehost-plugin-host`): a plugin that traps, hangs, leaks, exits or sends garbage,
/// in any call, stops alone. Its panel says what happened, with the runtime's own last line, on the terminal and on
/// the web; the built-in feature beside it runs on; a restart loads the library again.
@Suite @MainActor struct PluginProcessTests {
    /// Shorter deadlines, so the hang tests wait less; the stubs never return, so the outcome does not depend on
    /// timing, as long as the calls that do return (create, appear) make it on a loaded machine.
    static let short: PluginLimits = {
        var limits = PluginLimits()
        limits.callTimeout = .seconds(1)
        limits.createTimeout = .seconds(3)
        limits.advanceTimeout = .seconds(1)
        return limits
    }()

    static let sigill = "SIGILL (an illegal instruction; a Swift runtime trap on x86-64)"
    static let lost = " Its in-memory state was lost; what it saved to disk is kept."

    /// One call and how to make the host make it.
    enum Call: String, CaseIterable, Sendable {
        case create, appear, key, render, tick, lifecycle, html, pageEvent

        var trap: MisbehavingPluginStub.Behaviour {
            switch self {
            case .create: .trapInCreate
            case .appear: .trapInAppear
            case .key: .trapInKey
            case .render: .trapInRender
            case .tick: .trapInTick
            case .lifecycle: .trapInLifecycle
            case .html: .trapInHTML
            case .pageEvent: .trapInPageEvent
            }
        }

        var hang: MisbehavingPluginStub.Behaviour {
            switch self {
            case .create: .hangInCreate
            case .appear: .hangInAppear
            case .key: .hangInKey
            case .render: .hangInRender
            case .tick: .hangInTick
            case .lifecycle: .hangInLifecycle
            case .html: .hangInHTML
            case .pageEvent: .hangInPageEvent
            }
        }

        /// Where the panel says the plugin was.
        var during: String {
            switch self {
            case .create: "in create"
            case .appear: "in appear"
            case .key: "while handling a key"
            case .render: "in render"
            case .tick: "while advancing its clock"
            case .lifecycle: "while handling a lifecycle event"
            case .html: "in render_html"
            case .pageEvent: "while handling a page event"
            }
        }

        /// What the stub's "Fatal error" line names.
        var stubWords: String {
            switch self {
            case .create: "create"
            case .appear: "appear"
            case .key: "a key"
            case .render: "render"
            case .tick: "a tick"
            case .lifecycle: "a lifecycle event"
            case .html: "render_html"
            case .pageEvent: "a page event"
            }
        }

        /// The table's function, for "did not answer … within".
        var function: String {
            switch self {
            case .create: "create"
            case .appear: "appear"
            case .key: "handle_key"
            case .render: "render"
            case .tick: "advance"
            case .lifecycle: "handle_lifecycle"
            case .html: "render_html"
            case .pageEvent: "handle_page_event"
            }
        }

        /// Makes the host call the plugin this way (creating and appearing happen when the host starts).
        @MainActor func make(_ stubbed: StubbedHost, web: (any WebScene)?) async {
            switch self {
            case .create, .appear: break
            case .key: _ = stubbed.plugin?.press(.enter)
            case .render: _ = stubbed.plugin?.text()
            case .tick: await stubbed.host.advance(by: .seconds(3))
            case .lifecycle: stubbed.session.report(.didEnterBackground)
            case .html: _ = web?.render()
            case .pageEvent: _ = web?.handle(.click("poke"))
            }
        }
    }

    func webScene(_ stubbed: StubbedHost) -> (any WebScene)? { stubbed.pluginFeature.flatMap { PluginWeb.scene(for: $0) } }

    @Test(arguments: Call.allCases)
    func aTrapInAnyCallIsThatFeaturesPanelOnBothSurfaces(_ call: Call) async throws {
        let stubbed = try await StubbedHost([call.trap, .webEntry], library: "trap")
        let web = webScene(stubbed)
        await call.make(stubbed, web: web)
        let stop = try #require(stubbed.pluginFeature?.instance.stop, "the plugin stopped")
        #expect(stop.reason == "the plugin libtrap.so stopped: it crashed with \(Self.sigill) \(call.during).")
        let fatal = try #require(stop.fatalLine)
        #expect(fatal.hasPrefix("misbehaving_plugin.c:") && fatal.hasSuffix(": Fatal error: the stub traps in \(call.stubWords)"))
        #expect(stop.message.contains("Its last words: “\(fatal)”." + Self.lost))
        #expect(stop.canRestart)
        #expect(stop.logFile?.path == stubbed.host.directory.url.appendingPathComponent("logs/plugins/libtrap.so.log").path)
        let terminal = try #require(stubbed.plugin)
        terminal.size = Size(width: 100, height: 20)
        #expect(StubbedHost.oneLine(terminal.text()).hasPrefix("The plugin libtrap.so stopped: it crashed with"))
        #expect(terminal.text().contains("Press r to restart it"))
        #expect(terminal.scene.keyHints == [KeyHint(key: "r", action: "restart")])
        let html = try #require(web).render().render()
        #expect(html.contains(#"<div class="fh-plugin-stopped" role="alert"><p>The plugin libtrap.so stopped: it crashed with"#))
        #expect(html.contains(">Restart</button>"))
        if call == .lifecycle { stubbed.session.report(.willEnterForeground) }
        let before = stubbed.host.clock.now.offset
        await stubbed.host.advance(by: .seconds(2))
        #expect(
            stubbed.counter.text().hasPrefix(" Seconds: \(Int((before + .seconds(2)).components.seconds))"), "the built-in feature runs on")
        #expect(await stubbed.host.settle(), "a stopped plugin holds nothing up")
    }

    @Test(arguments: Call.allCases)
    func aHangInAnyCallIsBoundedByItsDeadline(_ call: Call) async throws {
        let stubbed = try await StubbedHost([call.hang, .webEntry], library: "hang", limits: Self.short)
        let web = webScene(stubbed)
        // Timed from here: building the stub and starting its process are not the deadline's (a loaded CI machine
        // took 35 s over the whole test).
        let started = ContinuousClock.now
        await call.make(stubbed, web: web)
        #expect(ContinuousClock.now - started < .seconds(30), "each blocked call waited one deadline, no more")
        let stop = try #require(stubbed.pluginFeature?.instance.stop, "the plugin was stopped")
        if call == .tick {
            #expect(
                stop.reason
                    == "the plugin libhang.so was stopped: it did not finish advancing its clock to 2 s within 1.0 seconds of real time "
                    + "(its advance never called done).")
        } else {
            let deadline = call == .create ? "3.0 seconds" : "1.0 seconds"
            #expect(stop.reason == "the plugin libhang.so was stopped: it did not answer \(call.function) within \(deadline) of real time.")
        }
        #expect(stop.message.hasSuffix(Self.lost))
        await stubbed.host.advance(by: .seconds(1))
        #expect(stubbed.counter.text().contains("Seconds:"), "the built-in feature runs on")
        #expect(stubbed.processLibrary?.isRunning == false, "a hung child is killed, never trusted again")
    }

    /// As the live host calls: appear and the render behind it both wait off the main actor, and both time out. The
    /// child is stuck in the first, so that is what the panel names, whichever deadline the host sees first.
    @Test func twoCallsInARowBothPastTheirDeadlineNameTheOneTheChildIsStuckIn() async throws {
        var limits = Self.short
        limits.replyWait = .zero
        let stubbed = try await StubbedHost([.hangInAppear], library: "hang", limits: limits)
        _ = stubbed.plugin?.text()
        #expect(await stubbed.host.settle(), "both calls end at their deadline")
        let stop = try #require(stubbed.pluginFeature?.instance.stop, "the plugin was stopped")
        #expect(stop.reason == "the plugin libhang.so was stopped: it did not answer appear within 1.0 seconds of real time.")
        #expect(stop.message.hasSuffix(Self.lost))
    }

    @Test func aCrashWhoseReportOutlastsTheDeadlineIsACrashNotAHang() async throws {
        let stubbed = try await StubbedHost([.slowCrashInRender], library: "slow", limits: Self.short)
        _ = stubbed.plugin?.text()
        let stop = try #require(stubbed.pluginFeature?.instance.stop)
        #expect(
            stop.reason
                == "the plugin libslow.so stopped: it crashed in render (the host ended it while it wrote its crash report, which took "
                + "longer than 1.0 seconds).")
        #expect(stop.fatalLine?.hasSuffix("Fatal error: the stub crashes slowly in render") == true)
    }

    @Test func aLeakPastTheMemoryLimitStopsThePluginNotTheHost() async throws {
        var limits = PluginLimits()
        limits.memoryBytes = 64 << 20
        limits.memoryCheckInterval = .milliseconds(50)
        let stubbed = try await StubbedHost([.leak], library: "leak", limits: limits)
        #expect(await eventually { stubbed.pluginFeature?.instance.stop != nil }, "the watchdog stopped it")
        let reason = try #require(stubbed.pluginFeature?.instance.stop?.reason)
        #expect(reason.hasPrefix("the plugin libleak.so was stopped: it used "))
        #expect(reason.hasSuffix(" of memory, more than the 64 MiB the host allows a plugin."))
        await stubbed.host.advance(by: .seconds(1))
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 1"))
    }

    @Test func anExitIsThatFeaturesPanelWithItsLastOutput() async throws {
        let stubbed = try await StubbedHost([.exitInRender, .standardOutput], library: "exit")
        _ = stubbed.plugin?.text()
        let stop = try #require(stubbed.pluginFeature?.instance.stop)
        #expect(stop.reason == "the plugin libexit.so stopped: its process exited with status 7 in render.")
        #expect(stop.lastLines.suffix(2) == ["the stub renders 72x8", "the stub says so on stderr too"])
        let terminal = try #require(stubbed.plugin)
        terminal.size = Size(width: 100, height: 20)
        #expect(terminal.text().contains("  Its last output:\n    the stub renders 72x8\n    the stub says so on stderr too"))
        let web = PluginWeb.panel(for: stop).render()
        #expect(web.contains(#"<ul class="fh-plugin-output"><li>the stub renders 72x8</li><li>the stub says so on stderr too</li></ul>"#))
    }

    @Test func aHangBetweenCallsIsFoundByThePings() async throws {
        var limits = PluginLimits()
        limits.memoryCheckInterval = .milliseconds(50)
        limits.pingInterval = .milliseconds(100)
        let stubbed = try await StubbedHost([.hangLater], library: "stuck", limits: limits)
        #expect(await eventually { stubbed.pluginFeature?.instance.stop != nil })
        #expect(
            stubbed.pluginFeature?.instance.stop?.reason
                == "the plugin libstuck.so was stopped: it stopped answering (no reply to two pings 0.1 seconds apart).")
    }

    @Test func aTrapOnAThreadOfItsOwnIsSeenWithoutACall() async throws {
        let stubbed = try await StubbedHost([.trapLater], library: "later")
        #expect(await eventually { stubbed.pluginFeature?.instance.stop != nil })
        #expect(
            stubbed.pluginFeature?.instance.stop?.reason
                == "the plugin liblater.so stopped: it crashed with \(Self.sigill) while running on its own (a timer, a task or a thread of its own)."
        )
        #expect((stubbed.pluginFeature?.instance.frameRequests ?? 0) >= 1, "the panel was asked to draw")
    }

    @Test func garbageOnTheChannelStopsThePluginNotTheHost() async throws {
        let stubbed = try await StubbedHost([.garbageInRender], library: "garbage")
        _ = stubbed.plugin?.text()
        #expect(
            stubbed.pluginFeature?.instance.stop?.reason
                == "the plugin libgarbage.so was stopped: it sent the host a message of 4294967295 bytes, more than the 33 MiB accepted, "
                + "which the host cannot read.")
    }

    @Test func itsOutputGoesToItsLogNotTheTerminal() async throws {
        let stubbed = try await StubbedHost([.standardOutput], library: "chatty")
        #expect(stubbed.pluginText == "Ticks: 0")
        let log = stubbed.host.directory.url.appendingPathComponent("logs/plugins/libchatty.so.log")
        // Written by the child's reader thread: awaited without holding the main actor.
        var text = ""
        _ = await eventually(within: 30) {
            text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.contains("the stub says so on stderr too")
        }
        #expect(text.contains("the stub renders 72x8\n"))
        #expect(text.contains("the stub says so on stderr too\n"))
    }

    @Test func aLibraryThatCrashesTheLoaderFailsAloneAndSaysHow() async throws {
        let host = try TestHost()
        let library = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "stub-init", title: "Init", [.crashInStaticInitializer]), named: "init", in: host.directory.url
        )
        #expect {
            _ = try loadPlugin(library, dataDirectory: host.directory.url)
        } throws: { error in
            let text = (error as? PluginLoadError)?.description ?? ""
            return text.hasPrefix(
                "the plugin \(library.path) could not be loaded: it crashed with \(Self.sigill) while loading (in a static initializer, its "
                    + "entry function or its manifest). Its last words: “misbehaving_plugin.c:")
                && text.hasSuffix("Fatal error: the stub traps in a static initializer”.")
        }
    }

    /// A file cut short makes the system's loader itself fault (SIGBUS here: its segments reach past the end of the
    /// file), which in the host's own process would end the host.
    @Test func aTruncatedLibraryFailsAloneAndTheLoaderSaysWhy() async throws {
        let host = try TestHost()
        let library = try await PluginStubs.truncated(named: "cut", in: host.directory.url)
        #expect {
            _ = try loadPlugin(library, dataDirectory: host.directory.url)
        } throws: { error in
            guard let error = error as? PluginLoadError else { return false }
            switch error.reason {
            case .cannotOpen: return error.description.hasPrefix("cannot open the plugin \(library.path): ")
            // (Under the thread sanitizer its runtime reports the loader's fault and exits 66 instead.)
            case .diedWhileLoading: return error.description.hasPrefix("the plugin \(library.path) could not be loaded: ")
            default: return false
            }
        }
    }

    @Test func theRuntimesOwnFatalErrorLineReachesThePanel() async throws {
        let host = try TestHost()
        let library = try await PluginStubs.buildSwiftTrap(named: "swifttrap", in: host.directory.url)
        let plugin = try loadPlugin(library, dataDirectory: host.directory.url)
        let feature = try DynamicFeature.make(plugin, context: try host.context(id: "swift-trap"), dataDirectory: host.directory.url)
        let driver = TextDriver(scene: feature.makeScene(), size: Size(width: 100, height: 20))
        feature.handle(.appear)
        _ = driver.text()
        let stop = try #require(feature.instance.stop)
        #expect(stop.reason == "the plugin libswifttrap.so stopped: it crashed with \(Self.sigill) in render.")
        #expect(
            stop.fatalLine
                == "TrappingPlugin/trapping_plugin.swift:23: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        #expect(StubbedHost.oneLine(driver.text()).contains("Its last words: “TrappingPlugin/trapping_plugin.swift:23: Fatal error:"))
    }

    /// The web server's sockets and wake-up pipe are not close-on-exec: a child must not keep them (it would hold
    /// the port and the connections open after the host is gone).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "reads /proc (Linux)"))
    func theChildHasTheChannelAndDevNullAndNoneOfTheHostsOtherDescriptors() async throws {
        var pipe: [Int32] = [-1, -1]
        #expect(pipe.withUnsafeMutableBufferPointer { makePipe($0.baseAddress) } == 0)
        defer { for fd in pipe { close(fd) } }
        let stubbed = try await StubbedHost([], library: "fds")
        let pid = try #require(stubbed.processLibrary?.processID)
        func target(_ path: String) -> String { (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "" }
        let ours = target("/proc/self/fd/\(pipe[0])")
        #expect(ours.hasPrefix("pipe:"))
        let theirs = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").map { target("/proc/\(pid)/fd/\($0)") }
        #expect(!theirs.contains(ours), "the host's pipe stayed out of the child: \(theirs)")
        #expect(target("/proc/\(pid)/fd/0") == "/dev/null")
        #expect(target("/proc/\(pid)/fd/3").hasPrefix("socket:"))
        let environment = try String(contentsOfFile: "/proc/\(pid)/environ", encoding: .utf8).split(separator: "\0")
        let backtrace = ProcessInfo.processInfo.environment["FEATUREHOST_PLUGIN_SWIFT_BACKTRACE"] ?? PluginHostSetup.backtrace
        #expect(environment.contains("SWIFT_BACKTRACE=\(backtrace)"), "the backtracer never waits for a key")
    }

    @Test func aLibraryLetGoEndsItsProcess() async throws {
        var pid: Int32?
        do {
            let stubbed = try await StubbedHost([], library: "gone")
            #expect(stubbed.pluginText == "Ticks: 0")
            pid = stubbed.processLibrary?.processID
        }
        let child = try #require(pid)
        #expect(await eventually { kill(child, 0) != 0 }, "killed and reaped")
    }

    // MARK: - Restart

    @Test func rRestartsThePluginAndItsStateStartsAgain() async throws {
        let stubbed = try await StubbedHost([.trapInKey], library: "restart")
        let library = try #require(stubbed.processLibrary)
        await stubbed.host.advance(by: .seconds(2))
        #expect(stubbed.pluginText == "Ticks: 2")
        let plugin = try #require(stubbed.plugin)
        _ = plugin.press(.enter)
        #expect(stubbed.pluginFeature?.instance.stop?.canRestart == true)
        #expect(plugin.press(.character("x")) == [.ignored], "only r is the host's while stopped")
        #expect(plugin.press(.character("r")) == [.handled])
        #expect(stubbed.pluginFeature?.instance.stop == nil)
        #expect(library.generation == 2, "a new process loaded the library again")
        #expect(stubbed.pluginText == "Ticks: 0", "its in-memory state was lost: its clock starts again")
        let instance = try #require(stubbed.pluginFeature?.instance)
        let frames = instance.frameRequests
        await stubbed.host.advance(by: .seconds(3))
        #expect(stubbed.pluginText == "Ticks: 3", "appear was delivered again, and its clock follows the host's")
        #expect(instance.frameRequests - frames == 3, "one frame request a tick, as before the restart")
        #expect(stubbed.counter.text().hasPrefix(" Seconds: 5"))
    }

    @Test func aRestartPicksUpARebuiltLibrary() async throws {
        let stubbed = try await StubbedHost([.trapInRender], library: "rebuilt")
        _ = stubbed.plugin?.text()
        #expect(stubbed.pluginFeature?.instance.stop != nil)
        _ = try await PluginStubs.build(
            MisbehavingPluginStub.source(id: "test-stub", title: "Stub", []), named: "rebuilt", in: stubbed.host.directory.url)
        #expect(stubbed.plugin?.press(.character("r")) == [.handled])
        #expect(stubbed.pluginText == "Ticks: 0", "the fixed build renders")
    }

    @Test func automaticRestartsStopAfterTooManyCrashesAndAnExplicitOneStillWorks() async throws {
        let stubbed = try await StubbedHost([.trapInKey], library: "budget")
        let context = try stubbed.host.context(id: "test-stub")
        func newPage() throws -> DynamicFeature {
            try DynamicFeature.make(stubbed.loaded, context: context, dataDirectory: stubbed.host.directory.url)
        }
        _ = stubbed.plugin?.press(.enter)
        for crash in 2...3 {
            let page = try newPage()
            #expect(page.instance.stop == nil, "a new page starts it again by itself after crash \(crash - 1)")
            _ = page.makeScene().handle(.enter)
            #expect(page.instance.stop != nil)
        }
        let page = try newPage()
        let stop = try #require(page.instance.stop, "after 3 crashes a new page does not start it by itself")
        #expect(stop.crashesLately == 3)
        #expect(
            stop.message.hasSuffix("It stopped 3 times within a few minutes, so the host no longer restarts it by itself: fix it first."))
        #expect(page.makeScene().handle(.character("r")) == .handled)
        #expect(page.instance.stop == nil, "an explicit restart always works")
    }

    @Test func theWebPanelsRestartButtonIsTheHostsOnlyWhileStopped() async throws {
        let stubbed = try await StubbedHost([.webEntry, .trapInPageEvent], library: "web")
        let scene = try #require(webScene(stubbed))
        #expect(scene.render().render().hasPrefix("<p>Ticks: 0</p>"))
        // While it runs, the plugin gets every event, whatever its action: this one makes the stub trap.
        _ = scene.handle(.click("fh-plugin-restart"))
        #expect(stubbed.pluginFeature?.instance.stop?.reason.hasSuffix("while handling a page event.") == true)
        #expect(scene.render().render().contains(">Restart</button>"))
        #expect(scene.handle(.click("poke")) == .ignored, "while stopped, only the restart button does something")
        #expect(scene.handle(.click("fh-plugin-restart")) == .handled)
        #expect(scene.render().render().hasPrefix("<p>Ticks: 0</p>"), "restarted, its web scene opened again")
    }

    // MARK: - Virtual time

    /// What a host session sees of the stub over an hour with a host timer every 10 minutes and the built-in
    /// counter ticking every second: the host clock's time at each plugin frame request, and the last frames.
    func anHour() async throws -> (requests: [Duration], plugin: String, counter: String) {
        let stubbed = try await StubbedHost([], library: "hour")
        let effects = EffectRunner(activity: stubbed.host.activity)
        let timeline = MonotonicTimeline(clock: stubbed.host.clock)
        var hostTicks = 0
        effects.timer("host", on: timeline, nextDeadline: { .seconds(600 * (hostTicks + 1)) }, fire: { hostTicks += 1 })
        let plugin = try #require(stubbed.plugin)
        let requests = FrameRequestTimes(clock: stubbed.host.clock)
        requests.follow(try #require(stubbed.pluginFeature?.instance))
        await stubbed.host.clock.advance(by: .seconds(3600))
        #expect(hostTicks == 6)
        requests.stop()
        return (requests.times, StubbedHost.oneLine(plugin.text()), stubbed.counter.text())
    }

    /// Every tick at the instant a direct call would have made it (horizon batching replays them in order).
    @Test func virtualTimeCrossesTheProcessBoundaryTickByTick() async throws {
        let hour = try await anHour()
        #expect(hour.requests.count == 3600)
        #expect(hour.requests.enumerated().allSatisfy { $0.element == .seconds($0.offset + 1) }, "every tick at its own second, in order")
        #expect(hour.plugin == "Ticks: 3600")
        #expect(hour.counter.hasPrefix(" Seconds: 3600"), "the built-in counter kept its own time beside it")
    }
}

/// `pipe(2)` without the clash with the local name.
private func makePipe(_ fds: UnsafeMutablePointer<Int32>?) -> Int32 { pipe(fds) }

/// The host clock's time at each of a plugin's frame requests, as each happens (a render loop would fold the
/// requests of one turn into one render).
@MainActor
final class FrameRequestTimes {
    private let clock: ManualClock
    private(set) var times: [Duration] = []
    private var following = true

    init(clock: ManualClock) { self.clock = clock }

    func follow(_ instance: ProcessPluginInstance) {
        guard following else { return }
        withObservationTracking {
            _ = instance.frameRequests
        } onChange: { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.following else { return }
                self.times.append(self.clock.now.offset)
                // Observation tracks one change: follow the next one (registered now, it is not this one).
                self.follow(instance)
            }
        }
    }

    func stop() { following = false }
}
