import Foundation

/// A static file (`/assets/featurehost.js`) from `featurehost serve` beside nginx with one worker, its anchor
/// (issue 27): the repository's load script, `Tests/browser/bench/static.py`, run against the `featurehost` built
/// beside this benchmark. It starts both servers on loopback, loads each in turn with `wrk` at 1, 10 and 64
/// connections, and prints requests per second and CPU per request with their ratios to nginx's; its table is
/// printed here as it comes. Run from the package root (as `swift run` does). Skipped when the script, python3,
/// nginx or wrk is missing (`apt-get install -y nginx wrk`): a benchmark installs nothing.
enum StaticFileBenchmarks {
    static let script = "Tests/browser/bench/static.py"

    static func run(_ bench: inout Benchmark) {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let host = folder.appendingPathComponent("featurehost")
        let files = FileManager.default
        guard files.fileExists(atPath: script), files.isExecutableFile(atPath: host.path) else {
            bench.report("static", value: "skipped: run from the package root, with featurehost built beside the benchmark")
            return
        }
        let missing = ["python3", "wrk", "nginx"].filter { findExecutable($0) == nil }
        guard missing.isEmpty else {
            bench.report("static", value: "skipped: \(missing.joined(separator: ", ")) not installed (apt-get install -y nginx wrk)")
            return
        }
        let process = Process()
        process.executableURL = findExecutable("python3")
        process.arguments = [script, "--seconds", "4", "--rounds", "3"]
        var environment = ProcessInfo.processInfo.environment
        environment["FEATUREHOST_BINARY"] = host.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            bench.report("static", value: "failed to start \(script): \(error)")
            return
        }
        // Line by line as the rounds finish; the script's own output is bounded (a dozen lines).
        var pending = Data()
        while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                print("static: \(line)")
            }
        }
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            bench.report("static", value: "failed: \(script) exited \(process.terminationStatus)")
        }
    }

    /// `name` on `PATH`, or in /usr/sbin (nginx is there, which a user's `PATH` may leave out).
    private static func findExecutable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/sbin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
