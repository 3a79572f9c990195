import Foundation

/// A measurement the repository's scripts make (`Tests/browser/bench/*.py`) against the `featurehost` built beside
/// this benchmark: started from the package root (as `swift run` does), its lines printed as they come under the
/// suite's name.
enum BenchScript {
    /// Runs `script` with `arguments`; false (with a line saying why) when it could not run or failed.
    @discardableResult
    static func run(_ bench: inout Benchmark, suite: String, script: String, arguments: [String]) -> Bool {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let host = folder.appendingPathComponent("featurehost")
        guard FileManager.default.fileExists(atPath: script), FileManager.default.isExecutableFile(atPath: host.path) else {
            bench.report(suite, value: "skipped: run from the package root, with featurehost built beside the benchmark")
            return false
        }
        guard let python = findExecutable("python3") else {
            bench.report(suite, value: "skipped: python3 is not installed")
            return false
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [script] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["FEATUREHOST_BINARY"] = host.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            bench.report(suite, value: "failed to start \(script): \(error)")
            return false
        }
        // Line by line as the rounds finish; the scripts' own output is bounded (a dozen lines).
        var pending = Data()
        while case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                print("\(suite): \(line)")
            }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            bench.report(suite, value: "failed: \(script) exited \(process.terminationStatus)")
            return false
        }
        return true
    }

    /// `name` on `PATH`, or in /usr/sbin (nginx is there, which a user's `PATH` may leave out).
    static func findExecutable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/sbin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
