import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `featurehost list` and `featurehost validate` started as processes, beside a hello-world linked with Foundation
/// and built the same way (`featurehost-hello`), which is the anchor: from `posix_spawn` to the exit reaped, loader and
/// runtime included, as a user's shell sees it. The three run in turn, round after round in a rotating order, so the
/// machine's load falls on each alike; the medians of wall time and of CPU time (user + system, from `wait4`) are
/// printed with their ratios to the anchor. Goal: within 1.5× (issue 27).
///
/// They run in the current directory (the package root under `swift run`), so they read its `featurehost.json` as
/// a user there would, with `LANG=en_US.UTF-8` and no `FEATUREHOST_CONFIG`; their output goes to /dev/null once it
/// was checked.
enum StartupBenchmarks {
    struct Command {
        let name: String
        let executable: URL
        let arguments: [String]
        /// What its output must hold, checked once before timing.
        let expected: String
    }

    struct Sample {
        var wall: Double
        var cpu: Double
    }

    static let rounds = 61

    static func run(_ bench: inout Benchmark) {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let hello = folder.appendingPathComponent("featurehost-hello")
        let host = folder.appendingPathComponent("featurehost")
        guard FileManager.default.isExecutableFile(atPath: hello.path), FileManager.default.isExecutableFile(atPath: host.path) else {
            bench.report("startup", value: "skipped: featurehost and featurehost-hello are not beside the benchmark")
            return
        }
        let commands = [
            Command(name: "hello-world, Foundation (anchor)", executable: hello, arguments: [], expected: "hello, world"),
            // No work at all: what the executable's size, libraries and runtime cost over the anchor.
            Command(name: "featurehost --version", executable: host, arguments: ["--version"], expected: "featurehost"),
            Command(name: "featurehost list", executable: host, arguments: ["list"], expected: "time zone"),
            Command(name: "featurehost validate", executable: host, arguments: ["validate"], expected: "ok"),
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["FEATUREHOST_CONFIG"] = nil
        environment["LANG"] = "en_US.UTF-8"
        for command in commands {
            guard let output = try? capture(command, environment: environment), output.contains(command.expected) else {
                bench.report("startup: \(command.name)", value: "failed: its output lacks \"\(command.expected)\"")
                return
            }
        }
        var samples = Array(repeating: [Sample](), count: commands.count)
        for round in 0..<(rounds + 1) {
            for offset in 0..<commands.count {
                let index = (round + offset) % commands.count
                guard let sample = try? time(commands[index], environment: environment) else {
                    bench.report("startup: \(commands[index].name)", value: "failed to start")
                    return
                }
                if round > 0 { samples[index].append(sample) }  // The first round warms the page cache.
            }
        }
        let config = FileManager.default.fileExists(atPath: "featurehost.json") ? "./featurehost.json" : "the built-in default config"
        bench.report(
            "startup: \(rounds) rounds, median", value: "reading \(config), LANG=en_US.UTF-8, load average \(loadAverage())")
        let anchorWall = median(samples[0].map(\.wall))
        let anchorCPU = median(samples[0].map(\.cpu))
        for (index, command) in commands.enumerated() {
            let wall = median(samples[index].map(\.wall))
            let cpu = median(samples[index].map(\.cpu))
            let ratio = index == 0 ? "" : String(format: "  %.2f× the anchor, CPU %.2f×", wall / anchorWall, cpu / anchorCPU)
            bench.report("startup: \(command.name)", value: String(format: "%.2f ms wall, %.2f ms CPU", wall * 1000, cpu * 1000) + ratio)
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    private static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// One run, output to /dev/null: wall time from before the spawn to after the reap, and the child's CPU time.
    private static func time(_ command: Command, environment: [String: String]) throws -> Sample {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let start = Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
        let usage = try spawn(command, environment: environment, output: "/dev/null")
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let end = Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        return Sample(wall: end - start, cpu: cpu)
    }

    /// One run with its output kept, to check it.
    private static func capture(_ command: Command, environment: [String: String]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("featurehost-startup-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try spawn(command, environment: environment, output: file.path)
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }

    private static func spawn(_ command: Command, environment: [String: String], output: String) throws -> rusage {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([command.executable.path] + command.arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command.executable.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(.ECHILD) }
        }
        return usage
    }
}
