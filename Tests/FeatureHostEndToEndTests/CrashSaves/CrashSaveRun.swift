import FeatureHostCore
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation

/// Kills `featurehost-savestress` with SIGKILL at random moments while it saves one kind of state, and after each
/// kill opens the data in a new process, as the next start would, expecting the old or the new generation.
///
/// The moment: a random offset after a "begin N" line, drawn from a seeded generator. A third of the kills fall
/// anywhere from 0 to 1.25 times the length of one save (measured on the first run); the others within ±10% of
/// where the commit point seems to be, an estimate that each kill moves (later when the kill found the old data,
/// earlier when it found the new; kept within 0.5 to 2 saves), because the last write and the rename or commit are
/// where damage happens.
struct CrashSaveRun {
    struct Report: Sendable {
        var kills = 0
        /// Kills whose last line was "begin N": the save was under way.
        var midWrite = 0
        /// Of those, the ones that found generation N - 1: the kill came before the save's commit point, so the
        /// rollback (SQLite's journal, the plist's untouched file) was what the next start relied on.
        var beforeCommit = 0
        /// Kills that left the preferences file's temporary copy behind: they landed inside the file write itself,
        /// between creating the copy and renaming it into place.
        var insideFileWrite = 0
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
        // Generation 0, then one whole first save of a new process timed: the kills below interrupt that save,
        // which is slower than later ones in the same process (the file is read cold). Neither is a random kill.
        let setUp = try SaveStressChild(kind: kind, dataDirectory: dataDirectory, generation: 0)
        try setUp.waitForLine("ready") { $0 == "ready" }
        setUp.kill()
        let timed = try SaveStressChild(kind: kind, dataDirectory: dataDirectory, generation: 0)
        try timed.waitForLine("ready") { $0 == "ready" }
        try timed.waitForLine("a first begin") { $0.hasPrefix("begin ") }
        let begun = ContinuousClock.now
        try timed.waitForLine("a first committed") { $0.hasPrefix("committed ") }
        let save = Self.seconds(ContinuousClock.now - begun)
        timed.kill()
        var current = 1
        if case .damaged(let what) = try check(timed, from: 0) {
            report.damaged.append("the timing run: \(what)")
            try FileManager.default.removeItem(at: dataDirectory)
            current = 0
        } else if case .generation(let generation, _) = try check(timed, from: 0) {
            current = generation
        }

        var commitEstimate = save
        for kill in 1...kills {
            let child = try SaveStressChild(kind: kind, dataDirectory: dataDirectory, generation: current)
            try child.waitForLine("ready") { $0 == "ready" }
            try child.waitForLine("begin") { $0.hasPrefix("begin ") }
            let offset = random.next() % 3 == 0 ? random.next(in: 0...1.25) * save : random.next(in: 0.9...1.1) * commitEstimate
            Thread.sleep(forTimeInterval: offset)
            child.kill()
            report.kills += 1
            if FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("preferences.plist.saving").path) {
                report.insideFileWrite += 1
            }
            if Self.lastSave(in: child.lines, before: current).midWrite { report.midWrite += 1 }
            switch try check(child, from: current) {
            case .generation(let generation, let foundOld):
                if foundOld { report.beforeCommit += 1 }
                // Later when the kill came before the first save's commit, earlier otherwise (a kill in a second save
                // came after it). Bounded, so a run under load cannot drift into waiting seconds per kill.
                let beforeFirstCommit = foundOld && !child.lines.contains { $0.hasPrefix("committed ") }
                commitEstimate = min(max(commitEstimate * (beforeFirstCommit ? 1.1 : 1 / 1.1), save / 2), save * 2)
                current = generation
            case .damaged(let what):
                report.damaged.append("kill \(kill) (\(replay), \(Int(offset * 1000)) ms after \"\(child.lines.last ?? "")\"): \(what)")
                // Start the next kills from a clean slate, so one damage is counted once.
                try FileManager.default.removeItem(at: dataDirectory)
                current = 0
            }
        }
        report.seconds = Self.seconds(ContinuousClock.now - started)
        return report
    }

    private enum Check {
        /// The data held `generation`; `foundOld` when the kill interrupted a save before its commit point.
        case generation(Int, foundOld: Bool)
        case damaged(String)
    }

    /// Opens the data in a new process, as the next start would, and checks it against what the killed child's lines say.
    private func check(_ child: SaveStressChild, from start: Int) throws -> Check {
        let outcome = Self.lastSave(in: child.lines, before: start)
        let read = try SaveStressChild.read(kind: kind, dataDirectory: dataDirectory, candidates: outcome.candidates)
        let answer = read.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard read.status == 0, answer.hasPrefix("generation "), let generation = Int(answer.dropFirst("generation ".count)) else {
            return .damaged("\(answer) \(read.standardError)")
        }
        return .generation(generation, foundOld: outcome.midWrite && generation == outcome.candidates.first)
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
