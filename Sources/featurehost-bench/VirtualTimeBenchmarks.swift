import FeatureHostTestSupport
import FeatureHostTesting
import Foundation

/// Virtual time at the speed of the work: `featurehost snapshot … --advance 86401` as a user runs it (goal:
/// under 1 s for the countdown, under 2 s for the example plugin's ticking feature), and a loading timeline and a
/// refresh against a loopback server on the manual clock. A plugin's tick against a built-in one is in
/// `plugin-process`.
enum VirtualTimeBenchmarks {
    @MainActor
    static func run(_ bench: inout Benchmark) async {
        snapshotCountdownDay(&bench)
        snapshotPluginDay(&bench)
        await chatsLoadingTimeline(&bench)
        await carNewsRefresh(&bench)
    }

    /// The built-in countdown, a day and a second on the snapshot's virtual clock: every one of its 259,200
    /// wake-ups, and the final frame at zero.
    static func snapshotCountdownDay(_ bench: inout Benchmark) {
        guard let directory = try? TemporaryDirectory("featurehost-bench-snapshot") else { return }
        timeSnapshot(
            &bench, "virtual-time: snapshot offer-countdown --advance 86401", goal: "< 1 s; was 30 s",
            arguments: ["snapshot", "offer-countdown", "--advance", "86401"], in: directory,
            expect: "│  00  │ : │  00  │ : │  00  │ : │  00  │")
    }

    /// The example plugin (its own package and copy of the core) ticking each second for a day and a second.
    /// Its library comes from `FEATUREHOST_EXAMPLE_PLUGIN`, else `Examples/GreetingPlugin/.build/release`.
    static func snapshotPluginDay(_ bench: inout Benchmark) {
        let name = "virtual-time: snapshot greeting --advance 86401 (plugin)"
        let library =
            ProcessInfo.processInfo.environment["FEATUREHOST_EXAMPLE_PLUGIN"].map { URL(fileURLWithPath: $0) }
            ?? PluginStubs.repository.appendingPathComponent(
                "Examples/GreetingPlugin/.build/release/libGreeting.\(PluginStubs.libraryExtension)")
        guard FileManager.default.fileExists(atPath: library.path) else {
            bench.report(name, value: "skipped: build it with (cd Examples/GreetingPlugin && swift build -c release)")
            return
        }
        guard let directory = try? TemporaryDirectory("featurehost-bench-plugin"),
            (try? directory.write(
                #"{ "plugins": ["\#(library.path)"], "features": [ { "id": "greeting", "settings": { "name": "Bench" } } ] }"#,
                to: "featurehost.json")) != nil
        else { return }
        timeSnapshot(
            &bench, name, goal: "< 2 s", arguments: ["snapshot", "greeting", "--advance", "86401"], in: directory,
            expect: "Open for  24:00:01")
    }

    /// Runs the release `featurehost` beside this benchmark three times and reports the median wall time, with
    /// the user and system CPU time of that run.
    static func timeSnapshot(
        _ bench: inout Benchmark, _ name: String, goal: String, arguments: [String], in directory: TemporaryDirectory,
        expect: String
    ) {
        let executable = FeaturehostProcess.executable
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            bench.report(name, value: "skipped: build featurehost beside the benchmark (swift build -c release --product featurehost)")
            return
        }
        let process = FeaturehostProcess(in: directory.url, extraEnvironment: ["NO_COLOR": "1"])
        var runs: [(wall: Double, user: Double, system: Double)] = []
        for _ in 0..<3 {
            let before = ChildCPUTime.now()
            let start = DispatchTime.now().uptimeNanoseconds
            // Blocking is fine here: the benchmark runs one thing at a time.
            guard
                let result = try? ProcessRunner.runBlocking(
                    executable, arguments, environment: process.environment, currentDirectory: directory.url)
            else { return }
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let after = ChildCPUTime.now()
            guard result.status == 0, result.standardOutput.contains(expect) else {
                bench.report(name, value: "failed: exit \(result.status), no \"\(expect)\" in the frame\n\(result.standardError)")
                return
            }
            runs.append((wall, after.user - before.user, after.system - before.system))
        }
        let median = runs.sorted { $0.wall < $1.wall }[runs.count / 2]
        bench.report(
            name, value: String(format: "%.2f s wall, %.2f s user, %.2f s system (goal %@)", median.wall, median.user, median.system, goal))
    }
}

/// CPU time of the children this process has waited for, in seconds.
enum ChildCPUTime {
    static func now() -> (user: Double, system: Double) {
        var usage = rusage()
        #if canImport(Glibc)
            // Glibc imports the constant as an enum case; the function takes its raw value.
            getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
            getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime))
    }
}
