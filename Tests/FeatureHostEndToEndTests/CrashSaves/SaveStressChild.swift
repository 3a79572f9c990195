import FeatureHostTestSupport
import FeatureHostTesting
import Foundation

/// One run of `featurehost-savestress` over a data directory: started, read line by line, killed with SIGKILL.
final class SaveStressChild {
    static var executable: URL { ProductsDirectory.executable("featurehost-savestress") }
    /// Every wait for the child is bounded by this, generously: CI runs under load.
    static let patience: Duration = .seconds(60)

    private let process = Process()
    private let reader: LineReader
    private let errors = Pipe()
    /// Every line read so far, in order.
    private(set) var lines: [String] = []

    /// Starts `save <kind> <dataDir> <generation>`.
    init(kind: String, dataDirectory: URL, generation: Int) throws {
        let output = Pipe()
        process.executableURL = Self.executable
        process.arguments = ["save", kind, dataDirectory.path, String(generation)]
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        reader = LineReader(output.fileHandleForReading)
        try process.run()
    }

    /// A run that failed half-way must not leave a save loop writing behind it.
    deinit {
        if process.isRunning {
            _ = Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Reads until a line satisfies `wanted`; throws when the child ends or stays silent for `patience`.
    @discardableResult
    func waitForLine(_ what: String, where wanted: (String) -> Bool) throws -> String {
        while let line = reader.nextLine(timeout: Self.patience) {
            lines.append(line)
            if wanted(line) { return line }
        }
        throw StressFailure("the save loop never printed \(what); it printed \(lines.suffix(3)) then \(stopped())")
    }

    /// SIGKILL, then every line the child wrote before it died.
    func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        while let line = reader.nextLine(timeout: Self.patience) { lines.append(line) }
    }

    private func stopped() -> String {
        if process.isRunning { return "went silent for \(Self.patience)" }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return "exited with status \(process.terminationStatus): \(text)"
    }

    /// `read <kind> <dataDir> <candidates>`: the next start's view of the data, in a new process.
    static func read(kind: String, dataDirectory: URL, candidates: [Int]) throws -> ProcessResult {
        try ProcessRunner.runBlocking(executable, ["read", kind, dataDirectory.path] + candidates.map(String.init))
    }
}

struct StressFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
