import FeatureHostRuntime
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import TerminalPluginBridge
import TerminalUI
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A plugin's processes end with it, and its process gets only what it needs (docs/reliability.md, "Plugins"):
/// the processes it forks (in its process group, or in a session of their own) end when it is stopped, let go or
/// crashes; a crash is seen when its process exits, though a forked child holds the channel; its environment is
/// the allow-listed one and its descriptors the channel, the log pipe and /dev/null. Linux: they read /proc.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "reads /proc (Linux)"))
@MainActor struct PluginContainmentTests {
    /// The stub with `behaviours`, writing to `report.txt` in a new test host's directory.
    func build(_ behaviours: Set<MisbehavingPluginStub.Behaviour>, library: String) async throws -> (TestHost, URL, URL) {
        let host = try TestHost()
        let report = host.directory.url.appendingPathComponent("report.txt")
        let source = try MisbehavingPluginStub.source(id: "test-stub", title: "Stub", behaviours, report: report)
        return (host, try await PluginStubs.build(source, named: library, in: host.directory.url), report)
    }

    func lines(_ report: URL, _ kind: String) -> [String] { ProcessLiveness.lines(report, kind) }
    func forkedPIDs(_ report: URL) -> [ProcessIdentity] { ProcessLiveness.reportedProcesses(report) }
    func isRunning(_ process: ProcessIdentity) -> Bool { ProcessLiveness.isRunning(process) }

    @Test func theProcessesAPluginForkedEndWhenItIsLetGo() async throws {
        let (host, library, report) = try await build([.forkChildren], library: "forks")
        var pids: [ProcessIdentity] = []
        do {
            let stubbed = try StubbedHost(library: library, in: host)
            #expect(stubbed.pluginText == "Ticks: 0")
            pids = forkedPIDs(report)
            #expect(pids.count == 2 && pids.allSatisfy(isRunning), "one in its process group, one in a session of its own")
        }
        #expect(await eventually { !pids.contains(where: isRunning) }, "none of \(pids) outlives the host-side instance")
    }

    @Test func theProcessesAPluginForkedEndWhenItIsStoppedForAHang() async throws {
        let (host, library, report) = try await build([.forkChildren, .hangInKey], library: "forkhang")
        var limits = PluginLimits()
        limits.callTimeout = .seconds(1)
        let stubbed = try StubbedHost(library: library, in: host, limits: limits)
        let pids = forkedPIDs(report)
        #expect(pids.count == 2 && pids.allSatisfy(isRunning))
        _ = stubbed.plugin?.press(.enter)
        #expect(stubbed.pluginFeature?.instance.stop != nil, "stopped at the call's deadline")
        #expect(await eventually { !pids.contains(where: isRunning) }, "none of \(pids) outlives the stopped plugin")
    }

    @Test func aCrashWithAForkedChildHoldingTheChannelIsSeenAtOnceAsACrash() async throws {
        let (host, library, report) = try await build([.forkChildren, .trapInKey], library: "forkcrash")
        // A deadline far longer than a crash takes: the death must come from the process's exit, not the deadline.
        var limits = PluginLimits()
        limits.callTimeout = .seconds(Int64(TestHost.idleTimeout))
        let stubbed = try StubbedHost(library: library, in: host, limits: limits)
        let pids = forkedPIDs(report)
        #expect(pids.count == 2 && pids.allSatisfy(isRunning))
        let started = ContinuousClock.now
        _ = stubbed.plugin?.press(.enter)
        let stop = try #require(stubbed.pluginFeature?.instance.stop, "the plugin stopped")
        #expect(ContinuousClock.now - started < limits.callTimeout, "seen before the deadline")
        #expect(
            stop.reason
                == "the plugin libforkcrash.so stopped: it crashed with \(PluginProcessTests.sigill) while handling a key.")
        #expect(await eventually { !pids.contains(where: isRunning) }, "none of \(pids) outlives the crashed plugin")
    }

    @Test func aPluginGetsTheAllowListedEnvironmentAndOnlyItsOwnDescriptors() async throws {
        let (host, library, report) = try await build([.reportEnvironment], library: "environment")
        let stubbed = try StubbedHost(library: library, in: host)
        #expect(stubbed.pluginText == "Ticks: 0")
        let names = lines(report, "env").map { String($0.prefix { $0 != "=" }) }
        let allowed = PluginHostSetup.inheritedVariables.union(PluginHostSetup.setVariables)
        let extra = names.filter { !allowed.contains($0) && !$0.hasPrefix("LC_") }
        #expect(extra.isEmpty, "only the allow-listed variables: \(extra)")
        #expect(names.contains("SWIFT_BACKTRACE"))
        let hostOnly = ProcessInfo.processInfo.environment.keys.filter { !PluginHostSetup.inherits($0) }
        #expect(!hostOnly.contains(where: names.contains), "none of the host's other variables")
        var descriptors: [Int: String] = [:]
        for line in lines(report, "fd") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2, let fd = Int(parts[0]) { descriptors[fd] = parts[1] }
        }
        #expect(descriptors[0] == "/dev/null")
        #expect(descriptors[1]?.hasPrefix("pipe:") == true && descriptors[2] == descriptors[1], "1 and 2: the log pipe")
        #expect(descriptors[3]?.hasPrefix("socket:") == true, "3: the channel")
        // Above 3, only what its own runtime opens for itself (Dispatch's epoll, eventfd and timers).
        let others = descriptors.filter { $0.key > 3 && !$0.value.hasPrefix("anon_inode:") }
        #expect(others.isEmpty, "no other file, pipe or socket: \(others)")
    }
}
