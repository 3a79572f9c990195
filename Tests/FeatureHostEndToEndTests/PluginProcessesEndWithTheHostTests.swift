import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The processes a plugin forks (one in its process group, one in a session of its own) end when the `featurehost`
/// that ran it exits, whether it exits by itself or is killed (docs/reliability.md, "Plugins"). Linux: it reads /proc.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "reads /proc (Linux)"))
struct PluginProcessesEndWithTheHostTests {
    /// A folder with the forking stub (and `behaviours`) and a config naming it; the stub's report file.
    func prepare(_ behaviours: Set<MisbehavingPluginStub.Behaviour>) async throws -> (TemporaryDirectory, URL, URL) {
        let directory = try TemporaryDirectory("featurehost-plugin-forks")
        let report = directory.url.appendingPathComponent("report.txt")
        let source = try MisbehavingPluginStub.source(id: "test-forks", title: "Forks", behaviours.union([.forkChildren]), report: report)
        _ = try await PluginStubs.build(source, named: "forks", in: directory.url)
        let config = try directory.write(
            #"{ "plugins": ["libforks.\#(PluginStubs.libraryExtension)"], "features": [ { "id": "test-forks" } ] }"#, to: "forks.json")
        return (directory, config, report)
    }

    /// Waits until `condition` holds, at most the hang bound: for another process to get somewhere.
    func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(TestHost.idleTimeout))
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            await Task.yield()
        }
        return true
    }

    @Test func theyEndWhenTheHostExits() async throws {
        let (directory, config, report) = try await prepare([])
        let result = try await FeaturehostProcess(in: directory.url).run("snapshot", "test-forks", "--config", config.path)
        #expect(result.status == 0, "\(result.standardError)")
        let pids = ProcessLiveness.reportedProcesses(report)
        #expect(pids.count == 2)
        #expect(await eventually { !pids.contains(where: ProcessLiveness.isRunning) }, "none of \(pids) outlives the host")
    }

    @Test func theyEndWhenTheHostIsKilled() async throws {
        // create hangs after forking, so the host is still waiting for it when it is killed.
        let (directory, config, report) = try await prepare([.hangInCreate])
        let process = Process()
        process.executableURL = FeaturehostProcess.executable
        process.arguments = ["snapshot", "test-forks", "--config", config.path]
        // Every plugin deadline an hour: on a loaded machine the host's own kill of the hung create (10 s) must not
        // come first, or race the test's.
        process.environment = FeaturehostProcess(in: directory.url).environment.merging(["FEATUREHOST_PLUGIN_DEBUG": "1"]) { $1 }
        process.currentDirectoryURL = directory.url
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(await eventually { ProcessLiveness.reportedPIDs(report).count == 2 }, "the stub forked")
        let pids = ProcessLiveness.reportedProcesses(report)
        kill(process.processIdentifier, SIGKILL)
        #expect(await eventually { !process.isRunning }, "the host is gone")
        let ended = await eventually { !pids.contains(where: ProcessLiveness.isRunning) }
        #expect(ended, "none of \(pids) outlives the killed host: \(Self.survivors(pids))")
    }

    /// Each process still running, as /proc shows it (state, parent, group, session), for a failure's message.
    static func survivors(_ pids: [ProcessIdentity]) -> String {
        pids.filter(ProcessLiveness.isRunning).map { process in
            let stat = (try? String(contentsOfFile: "/proc/\(process.pid)/stat", encoding: .utf8)) ?? "unreadable"
            return stat.split(separator: " ").prefix(7).joined(separator: " ")
        }.joined(separator: "; ")
    }
}
