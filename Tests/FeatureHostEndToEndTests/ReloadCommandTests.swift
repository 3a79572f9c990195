import FeatureHostCore
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `featurehost reload` as a user runs it, against a real `featurehost serve` on the same config and data folder.
@Suite struct ReloadCommandTests {
    let directory: TemporaryDirectory
    let process: FeaturehostProcess
    let config: URL

    init() throws {
        directory = try TemporaryDirectory()
        process = FeaturehostProcess(in: directory.url)
        config = try directory.write(#"{"features":[{"id":"offer-countdown"}]}"#, to: "featurehost.json")
    }

    var data: URL { directory.file("data") }

    @Test func withNoHostRunningItSaysSoAndFails() async throws {
        let result = try await process.run("reload", "--config", config.path, "--data-dir", data.path)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "featurehost: reload: no running featurehost uses \(config.path) with the data directory \(data.path)\n")
        // A folder without a featurehost.json: the built-in default config.
        let empty = directory.file("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let builtIn = try await FeaturehostProcess(in: empty).run("reload", "--data-dir", data.path)
        #expect(builtIn.standardError.contains("no running featurehost uses the built-in default config"))
    }

    @Test func anInvalidConfigIsReportedAsValidateDoes() async throws {
        let bad = try directory.write(#"{"features":[{"id":"not_a_feature"}]}"#, to: "bad.json")
        let validate = try await process.run("validate", "--config", bad.path)
        let reload = try await process.run("reload", "--config", bad.path, "--data-dir", data.path)
        #expect(reload.status == 1)
        #expect(reload.standardError.hasPrefix(validate.standardError))
        #expect(reload.standardError.contains("no running featurehost uses \(bad.path)"))
    }

    @Test func anUnknownOptionOrAStrayWordIsRefused() async throws {
        let option = try await process.run("reload", "--port", "8080")
        #expect(option.status == 1 && option.standardError.contains("reload: unknown option --port"))
        let word = try await process.run("reload", "now")
        #expect(word.status == 1 && word.standardError.contains("\"now\""))
    }

    @Test func aRunningServeGetsTheSignalAndRunsOn() async throws {
        let serve = try ServeChild(process, ["serve", "--config", config.path, "--data-dir", data.path])
        defer { serve.killIfRunning() }
        // The address is printed once serve is registered.
        #expect(serve.waitForLine { $0.hasPrefix("http://") })
        let reload = try await process.run("reload", "--config", config.path, "--data-dir", data.path)
        #expect(reload.status == 0)
        #expect(reload.standardOutput == "reload: sent to featurehost pid \(serve.pid) (serve)\n")
        // serve answers the signal with a line of its own, so it has been handled before it is looked at.
        #expect(serve.waitForLine { $0.localizedCaseInsensitiveContains("reload") })
        #expect(ProcessLiveness.isRunning(serve.pid), "SIGHUP no longer ends serve")
        // Another data directory, or another config: not this serve.
        let elsewhere = try await process.run("reload", "--config", config.path, "--data-dir", directory.file("other").path)
        #expect(elsewhere.status == 1)
        #expect(serve.terminate() == 0)
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("run/\(serve.pid).host").path))
    }
}

/// A `featurehost` child whose standard output is read line by line as it comes; each wait is bounded by
/// `TestHost.idleTimeout`.
private final class ServeChild: Sendable {
    private let child: Process
    private let condition = NSCondition()
    private let state = Locked((lines: [String](), exitStatus: Int32?.none))
    let pid: pid_t

    init(_ featurehost: FeaturehostProcess, _ arguments: [String]) throws {
        let child = Process()
        child.executableURL = FeaturehostProcess.executable
        child.arguments = arguments
        child.environment = featurehost.environment
        child.currentDirectoryURL = featurehost.directory
        let output = Pipe()
        child.standardOutput = output
        child.standardError = FileHandle.nullDevice
        child.standardInput = FileHandle.nullDevice
        self.child = child
        let (state, condition) = (state, condition)
        child.terminationHandler = { ended in
            state.withLock { $0.exitStatus = ended.terminationStatus }
            condition.lock()
            condition.broadcast()
            condition.unlock()
        }
        try child.run()
        pid = child.processIdentifier
        let reading = output.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            while case let chunk = reading.availableData, !chunk.isEmpty {
                pending += chunk
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    state.withLock { $0.lines.append(line) }
                    condition.lock()
                    condition.broadcast()
                    condition.unlock()
                }
            }
        }
    }

    func waitForLine(_ matches: (String) -> Bool) -> Bool {
        wait { $0.lines.contains(where: matches) }
    }

    /// SIGTERM, then its exit status once it ended (nil: it did not end in time).
    func terminate() -> Int32? {
        kill(pid, SIGTERM)
        _ = wait { $0.exitStatus != nil }
        return state.withLock { $0.exitStatus }
    }

    /// At the end of a test that failed early: never leave a server running.
    func killIfRunning() {
        if state.withLock({ $0.exitStatus == nil }) { kill(pid, SIGKILL) }
    }

    private func wait(_ done: ((lines: [String], exitStatus: Int32?)) -> Bool) -> Bool {
        let limit = Date().addingTimeInterval(TestHost.idleTimeout)
        condition.lock()
        defer { condition.unlock() }
        while !state.withLock({ done($0) }) {
            guard condition.wait(until: limit) else { return state.withLock { done($0) } }
        }
        return true
    }
}
