import DataSources
import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

/// A real `featurehost snapshot car-news` against a hostile API on 127.0.0.1 (`HostileFeedServer`): whatever the
/// server sends, the process ends normally, says what went wrong, and its peak memory (the kernel's figure for that
/// child) stays within the bound docs/reliability.md states. Before the replies were bounded while they arrived, a
/// 2 GiB bomb took the process past 2 GiB and a 400 MiB picture cost 850 MiB.
@Suite(.serialized) struct HostileServerMemoryTests {
    /// docs/reliability.md, "Limits": what a refused or cut reply may cost over a normal run. The replies in flight
    /// hold at most twice the largest reply limit (four pictures of 8 MiB, or one 16 MiB reply), plus room for the
    /// allocator's slack: measured 30 to 39 MiB.
    static let refusedBound = 48.0
    /// A feed refused at car-news' own 96 MiB limit (`CarNewsFeature.maximumFeedSize`, for 100,000 articles): the
    /// reply in flight holds at most twice that.
    static let refusedFeedBound = 2 * 96.0 + 16
    /// A valid feed just under the 16 MiB limit is decoded, saved and shown: measured 59 MiB over a normal run.
    static let fullFeedBound = 80.0

    let directory: TemporaryDirectory
    let hostile: HostileFeedServer

    init() throws {
        directory = try TemporaryDirectory("hostile-server")
        hostile = try HostileFeedServer()
    }

    func snapshot(_ attack: HostileFeedServer.Attack) async throws -> MeasuredProcess.Outcome {
        let config = try directory.write(hostile.config(attack), to: "\(attack.rawValue).json")
        var environment = ProcessInfo.processInfo.environment
        environment["FEATUREHOST_CONFIG"] = nil
        environment["FEATUREHOST_DATA_DIR"] = directory.file("data-\(attack.rawValue)").path
        environment["NO_COLOR"] = "1"
        return try await MeasuredProcess.run(
            FeaturehostProcess.executable,
            ["snapshot", "car-news", "--config", config.path, "--advance", "5", "--locale", "en_US", "--size", "100x30"],
            environment: environment, outputDirectory: directory.url)
    }

    @Test func everyAttackEndsNormallyWithItsMemoryBounded() async throws {
        let baseline = try await snapshot(.none)
        #expect(baseline.result.status == 0, "\(baseline.result.standardError)")
        #expect(baseline.result.standardOutput.contains("Article 8"))
        var report = ["none: \(Int(baseline.peakResidentMiB)) MiB"]
        for attack in HostileFeedServer.Attack.allCases where attack != .none {
            let run = try await snapshot(attack)
            let frame = run.result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            report.append("\(attack.rawValue): \(Int(run.peakResidentMiB)) MiB")
            #expect(run.result.status == 0, "\(attack): \(run.result.standardError)")
            #expect(
                run.peakResidentMiB < baseline.peakResidentMiB + Self.bound(attack),
                "\(attack): \(Int(run.peakResidentMiB)) MiB at peak against \(Int(baseline.peakResidentMiB)) MiB for a normal feed")
            switch attack {
            case .feedBomb, .hugeFeed:
                #expect(frame.contains("is larger than the 100663296-byte limit."), "\(attack): \(frame)")
            case .fullFeed:
                #expect(frame.contains("A long title"), "\(attack): a feed within the limit is shown")
            default:
                #expect(frame.contains("Article 8"), "\(attack): the articles show; only their pictures fail")
            }
        }
        print("peak resident memory of featurehost snapshot car-news: " + report.joined(separator: ", "))
    }

    static func bound(_ attack: HostileFeedServer.Attack) -> Double {
        switch attack {
        case .fullFeed: fullFeedBound
        case .feedBomb, .hugeFeed: refusedFeedBound
        default: refusedBound
        }
    }
}

/// A car-news database another program damaged, through a real `featurehost snapshot --save` twice: the first start
/// moves it aside and says so once, the second has nothing to say. Before, every start showed SQLite's own
/// message ("SQLite error 1: no such table: articles (in SELECT …)") and kept the file.
@Suite struct DamagedDatabaseSnapshotTests {
    @Test func aDatabaseWithoutItsTableIsMovedAsideOnceWithANotice() async throws {
        let directory = try TemporaryDirectory("damaged-database")
        let storage = directory.file("data/features/car-news")
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        do {
            let database = try SQLiteDatabase(file: storage.appendingPathComponent("articles.sqlite"))
            try database.execute(
                "CREATE TABLE sync_state (id INTEGER PRIMARY KEY, last_refresh REAL NOT NULL); PRAGMA user_version = 2")
        }
        let port = try LoopbackHTTPServer.refusedPort()
        try directory.write(
            #"{"features":[{"id":"car-news","source":{"kind":"http","url":"http://127.0.0.1:\#(port)/articles","timeout":5}}]}"#,
            to: "featurehost.json")
        let process = FeaturehostProcess(in: directory.url, extraEnvironment: ["NO_COLOR": "1"])
        let arguments = ["snapshot", "car-news", "--save", "--advance", "3", "--size", "100x20", "--now", "2026-03-16T12:34:00Z"]
        let first = try await process.run(arguments)
        let frame = first.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(frame.contains("The saved articles could not be read (the table articles is missing), so the file was moved aside to"))
        #expect(!frame.contains("SQLite error"))
        let files = try FileManager.default.contentsOfDirectory(atPath: storage.path)
        #expect(files.contains { $0.hasPrefix("articles.sqlite.corrupt-") }, "\(files)")
        let second = try await process.run(arguments).standardOutput
        #expect(!second.contains("could not be read") && !second.contains("SQLite"), "\(second)")
    }
}
