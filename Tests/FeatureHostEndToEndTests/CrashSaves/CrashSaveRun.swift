import FeatureHostCore
import FeatureHostTesting
import Foundation

/// Kills `featurehost-savestress` with SIGKILL at random moments while it saves one kind of state, and after each
/// kill opens the data in a new process, as the next start would, expecting the old or the new generation.
///
/// The moment: a random offset after a "begin N" line, drawn from a seeded generator, between 0 and 1.25 times
/// the length of one save (measured on the first run), so most kills land inside a save and some just after it.
struct CrashSaveRun {
    struct Report: Sendable {
        var kills = 0
        /// Kills whose last line was "begin N": the save was under way.
        var midWrite = 0
        /// Of those, the ones that found generation N - 1: the kill came before the save's commit point, so the
        /// rollback (SQLite's journal, the plist's untouched file) was what the next start relied on.
        var beforeCommit = 0
        var damaged: [String] = []
        var seconds = 0.0
    }

    let kind: String
    let dataDirectory: URL
    let kills: Int
    let seed: UInt64
    /// How to replay this run, for failure messages.
    let replay: String

    /// Runs on a thread of its own: every wait here blocks.
    func runOnOwnThread() async throws -> Report {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try run() }) }
        }
    }

    func run() throws -> Report {
        let started = ContinuousClock.now
        var random = SplitMix64(seed: seed)
        var report = Report()
        var current = 0
        var saveSeconds: Double?
        for kill in 1...kills {
            let child = try SaveStressChild(kind: kind, dataDirectory: dataDirectory, generation: current)
            try child.waitForLine("ready") { $0 == "ready" }
            if saveSeconds == nil {
                try child.waitForLine("a first begin") { $0.hasPrefix("begin ") }
                let begun = ContinuousClock.now
                try child.waitForLine("a first committed") { $0.hasPrefix("committed ") }
                saveSeconds = Self.seconds(ContinuousClock.now - begun)
            }
            try child.waitForLine("begin") { $0.hasPrefix("begin ") }
            let offset = random.next(in: 0...1.25) * (saveSeconds ?? 0)
            Thread.sleep(forTimeInterval: offset)
            child.kill()
            report.kills += 1

            let outcome = Self.lastSave(in: child.lines, before: current)
            if outcome.midWrite { report.midWrite += 1 }
            let read = try SaveStressChild.read(kind: kind, dataDirectory: dataDirectory, candidates: outcome.candidates)
            let answer = read.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            if read.status == 0, answer.hasPrefix("generation "), let generation = Int(answer.dropFirst("generation ".count)) {
                if outcome.midWrite, generation == outcome.candidates.first { report.beforeCommit += 1 }
                current = generation
                continue
            }
            report.damaged.append(
                "kill \(kill) (\(replay), \(Int(offset * 1000)) ms after \"\(child.lines.last ?? "")\"): "
                    + "\(answer) \(read.standardError)")
            // Start the next kills from a clean slate, so one damage is counted once.
            try FileManager.default.removeItem(at: dataDirectory)
            current = 0
        }
        report.seconds = Self.seconds(ContinuousClock.now - started)
        return report
    }

    /// What the lines say was on disk at the kill: "committed N" last means exactly N; "begin N" last means N - 1
    /// or N (the save may have finished without its line).
    static func lastSave(in lines: [String], before start: Int) -> (candidates: [Int], midWrite: Bool) {
        for line in lines.reversed() {
            if line.hasPrefix("committed "), let generation = Int(line.dropFirst("committed ".count)) {
                return ([generation], false)
            }
            if line.hasPrefix("begin "), let generation = Int(line.dropFirst("begin ".count)) {
                return ([generation - 1, generation], true)
            }
        }
        return ([start], false)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
