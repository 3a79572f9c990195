import FeatureHostCore
import Foundation

/// What a plugin's process writes to its standard output and error: never the user's terminal. The last 16 KiB
/// are kept for its panel; everything goes to its log file (`<data>/logs/plugins/<library>.log`), which is kept
/// under 1 MiB by moving the full file to `<library>.log.1`.
public final class PluginOutput: Sendable {
    public static let keptBytes = 16 << 10
    public static let logBytes = 1 << 20
    /// Lines longer than this are cut on the panel: a plugin may print anything.
    public static let lineCharacters = 240

    /// The library's file name, for messages.
    public let libraryName: String
    public let logFile: URL?
    private struct State {
        var tail: [UInt8] = []
        /// Where the current child's output starts in `tail` (or 0 once it has scrolled out).
        var childStart = 0
        var handle: FileHandle?
        var written = 0
    }
    private let state = Locked(State())

    public init(libraryName: String, logFile: URL?) {
        self.libraryName = libraryName
        self.logFile = logFile
    }

    /// A new child starts: its lines are the ones its panel shows. The log gets a line saying so.
    func begin(_ note: String) {
        state.withLock { state in
            state.childStart = state.tail.count
            writeLog(Array("--- \(note) ---\n".utf8), &state)
        }
    }

    /// A line of the host's about the plugin, in its log only: its panel shows what the plugin itself wrote.
    func note(_ text: String) {
        state.withLock { state in writeLog(Array("--- \(text) ---\n".utf8), &state) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        let chunk = Array(bytes)
        state.withLock { state in
            state.tail.append(contentsOf: chunk)
            if state.tail.count > Self.keptBytes {
                let drop = state.tail.count - Self.keptBytes
                state.tail.removeFirst(drop)
                state.childStart = max(state.childStart - drop, 0)
            }
            writeLog(chunk, &state)
        }
    }

    /// The current child's last lines, oldest first, with control characters shown as `?` and long lines cut. The
    /// Swift backtracer's report (from its "💣 Program crashed" banner) is left to the log.
    public func lastLines(_ count: Int) -> [String] {
        let lines = currentLines()
        return Array(lines.suffix(count))
    }

    /// The Swift runtime's own line about the trap (`… Fatal error: …`, a precondition or an assertion), if the
    /// current child wrote one.
    public func fatalLine() -> String? {
        currentLines().last { line in
            ["Fatal error:", "Precondition failed", "Assertion failed", "fatal error:"].contains { line.contains($0) }
        }
    }

    /// Whether the current child has begun to report a crash (the runtime's line, or the backtracer's banner): it
    /// is dying, however long its report takes.
    public var showsACrash: Bool {
        let bytes = state.withLock { Array($0.tail[$0.childStart...]) }
        let text = String(decoding: bytes, as: UTF8.self)
        return fatalLine() != nil || Self.backtracerBanners.contains { text.contains($0) }
    }

    private func currentLines() -> [String] {
        let bytes = state.withLock { Array($0.tail[$0.childStart...]) }
        var lines: [String] = []
        for raw in String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = Self.clean(raw)
            if Self.backtracerBanners.contains(where: { line.hasPrefix($0) }) { break }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { lines.append(line) }
        }
        return lines
    }

    /// Where the Swift backtracer's report starts: with a terminal, and without one.
    static let backtracerBanners = ["💣", "*** Program crashed", "*** Signal "]

    static func clean(_ line: Substring) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in line.unicodeScalars { scalars.append(scalar.properties.generalCategory == .control ? "?" : scalar) }
        var text = String(scalars)
        if text.count > lineCharacters { text = String(text.prefix(lineCharacters)) + "…" }
        return text
    }

    /// Called with the lock held.
    private func writeLog(_ bytes: [UInt8], _ state: inout State) {
        guard let logFile else { return }
        if state.handle == nil {
            try? FileManager.default.createDirectory(at: logFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: logFile.path) {
                _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
            }
            state.handle = try? FileHandle(forWritingTo: logFile)
            state.written = Int((try? state.handle?.seekToEnd()) ?? 0)
        }
        if state.written + bytes.count > Self.logBytes {
            try? state.handle?.close()
            state.handle = nil
            let old = logFile.appendingPathExtension("1")
            try? FileManager.default.removeItem(at: old)
            try? FileManager.default.moveItem(at: logFile, to: old)
            _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
            state.handle = try? FileHandle(forWritingTo: logFile)
            state.written = 0
        }
        try? state.handle?.write(contentsOf: Data(bytes))
        state.written += bytes.count
    }

    deinit { state.withLock { try? $0.handle?.close() } }
}
