import FeatureHostTesting
import Foundation

/// Runs a program to completion and captures its output, for end-to-end tests of the executable.
package struct ProcessResult: Sendable {
    package var status: Int32
    package var standardOutput: String
    package var standardError: String
}

package enum ProcessRunner {
    /// Runs the program on a thread of its own and awaits it: waiting for a child must never hold one of
    /// Swift's few cooperative threads (two on a 2-core machine), or every other test's async work stalls
    /// behind it, and real-time timeouts fire in tests that have nothing to do with this one.
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, currentDirectory: URL? = nil
    ) async throws -> ProcessResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try runBlocking(executable, arguments, environment: environment, currentDirectory: currentDirectory)
                    })
            }
        }
    }

    /// Runs the program to completion on the calling thread: only for short work off Swift's cooperative
    /// pool, or before any test runs (building C stubs).
    package static func runBlocking(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, currentDirectory: URL? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting, so a large output cannot fill the pipe and stall the child.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}
