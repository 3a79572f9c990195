import FeatureHostTesting
import Foundation
import Testing

/// `featurehost snapshot` run as a separate process, as a user or a review script would.
@Suite struct SnapshotTests {
    let directory: TemporaryDirectory
    let process: FeaturehostProcess

    init() throws {
        directory = try TemporaryDirectory()
        process = FeaturehostProcess(in: directory.url, extraEnvironment: ["NO_COLOR": "1"])
    }

    func featurehost(_ arguments: [String]) throws -> ProcessResult { try process.run(arguments) }

    func snapshot(_ arguments: String...) throws -> String {
        let result = try featurehost(["snapshot"] + arguments)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        return result.standardOutput
    }

    @Test func offerCountdownAfterFiveAndAHalfSeconds() throws {
        let frame = try snapshot("offer-countdown", "--advance", "5.5")
        #expect(frame.contains("│  00  │ : │  23  │ : │  59  │ : │  55  │"))
        let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 25, "24 rows and the final newline")
        #expect(!frame.contains("\u{1B}"), "plain text, no escape codes")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "trailing spaces trimmed")
    }

    @Test func focusOutPausesTheCountdownUntilFocusIn() throws {
        let frame = try snapshot("offer-countdown", "--advance", "2", "--input", "\\e[O", "--advance", "60", "--input", "\\e[I", "--advance", "1.5")
        #expect(frame.contains("│  00  │ : │  23  │ : │  59  │ : │  57  │"))
    }

    @Test func offerActivationPopup() throws {
        let frame = try snapshot("offer-countdown", "--advance", "3", "--input", "\\r")
        #expect(frame.contains("Great!"))
        #expect(frame.contains("Offer activated at 23:59:57"))
    }

    @Test func anHourAdvancesInVirtualTimeTickByTick() throws {
        let started = Date()
        let frame = try snapshot("offer-countdown", "--advance", "3661.5")
        #expect(frame.contains("│  00  │ : │  22  │ : │  58  │ : │  59  │"))
        #expect(Date().timeIntervalSince(started) < 60, "a simulated hour takes seconds, not an hour")
    }

    @Test func transactionsShowsTheTotalOfEveryPinnedTransaction() throws {
        let frame = try snapshot("transactions", "--locale", "en_US")
        #expect(frame.contains("$472.08"))
    }

    @Test func sizeLocaleAndHourCycleAreApplied() throws {
        let frame = try snapshot("transactions", "--size", "100x30", "--locale", "de_DE", "--hour-cycle", "24", "--time-zone", "Europe/Oslo")
        let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 31)
        #expect(frame.contains("472,08"))
    }

    @Test func chatsShowsTheListAfterTheLoadingScreen() throws {
        let loading = try snapshot("chats", "--advance", "1", "--locale", "en_US")
        #expect(!loading.contains("Noah Fischer"), "still loading at 1 s")
        let frame = try snapshot("chats", "--advance", "2.5", "--locale", "en_US", "--now", "2026-03-16T12:00:00Z", "--time-zone", "UTC")
        #expect(frame.contains("Noah Fischer"))
        #expect(frame.contains("(99+)"))
    }

    @Test func chatsReadsAJSONFileWhenTheConfigSaysSo() throws {
        try directory.write(
            #"[{"identifier":1,"fullname":"Config Person","avatarURL":"","message":"From a JSON file","unreadMessagesCount":0,"sendingDate":"2026-03-16T11:00:00Z"}]"#,
            to: "chats.json")
        try directory.write(#"{"features":[{"id":"chats","source":{"kind":"json-file","path":"chats.json"}}]}"#, to: "featurehost.json")
        let frame = try snapshot("chats", "--advance", "2.5", "--locale", "en_US", "--now", "2026-03-16T12:00:00Z")
        #expect(frame.contains("Config Person"))
        #expect(frame.contains("From a JSON file"))
        #expect(!frame.contains("Noah Fischer"))
    }

    @Test func carNewsShowsTheArticlesFromTheServerThenTheSavedListOffline() throws {
        let server = try LoopbackHTTPServer()
        let sample = try #require(Self.carNewsSample())
        server.respond(with: .data(sample, contentType: "application/json"))
        try directory.write(
            #"{"features":[{"id":"car-news","source":{"kind":"http","url":"\#(server.url("articles").absoluteString)","timeout":5}}]}"#,
            to: "featurehost.json")
        let online = try snapshot("car-news", "--locale", "en_GB", "--now", "2026-03-16T12:00:00Z", "--time-zone", "UTC")
        #expect(server.requests.count == 1)
        #expect(!online.contains("Offline"))
        let title = try #require(Self.firstTitle(in: sample))
        #expect(online.contains(String(title.prefix(30))), "the newest article's title is on screen")

        server.respond(with: .text("down", status: 500))
        let offline = try snapshot("car-news", "--locale", "en_GB", "--now", "2026-03-16T12:05:00Z", "--time-zone", "UTC")
        #expect(offline.contains("Offline"))
        #expect(offline.contains(String(title.prefix(30))), "the saved list stays")
    }

    /// The feature's bundled sample response, served by the test's loopback server.
    static func carNewsSample() -> Data? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Features/CarNews/Sources/CarNewsFeature/Resources")
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        return files.first { $0.pathExtension == "json" }.flatMap { try? Data(contentsOf: $0) }
    }

    /// The title of the newest article of a response (newest by `dateTime`, `dd.MM.yyyy HH:mm`).
    static func firstTitle(in data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let content = object["content"] as? [[String: Any]]
        else { return nil }
        func key(_ article: [String: Any]) -> String {
            let parts = (article["dateTime"] as? String ?? "").split { $0 == "." || $0 == " " }
            return parts.count == 4 ? "\(parts[2])\(parts[1])\(parts[0])\(parts[3])" : ""
        }
        return content.max { key($0) < key($1) }?["title"] as? String
    }

    @Test(arguments: [
        (["snapshot", "not_a_feature"], "unknown feature \"not_a_feature\"; known ids:"),
        (["snapshot", "offer-countdown", "--size", "80"], "--size 80 is not WIDTHxHEIGHT"),
        (["snapshot", "offer-countdown", "--now", "yesterday"], "--now yesterday is not an ISO 8601 date-time"),
        (["snapshot", "offer-countdown", "--hour-cycle", "13"], "--hour-cycle must be 12 or 24, found 13."),
        (["snapshot", "offer-countdown", "--time-zone", "Mars/Base"], "--time-zone Mars/Base is not a known time zone"),
        (["snapshot", "offer-countdown", "--advance", "-1"], "--advance -1 is not a number of seconds"),
        (["snapshot", "offer-countdown", "--locale", "xx_YY_ZZ"], "--locale xx_YY_ZZ is not a known locale"),
        (["snapshot"], "snapshot: name the feature"),
    ])
    func badArgumentsExitOneWithAMessage(arguments: [String], message: String) throws {
        let result = try featurehost(arguments)
        #expect(result.status == 1)
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
