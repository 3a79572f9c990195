import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

/// The executable follows the user's locale variables, the config's keys and the flags, and the choice
/// reaches the features: `list` says what it chose, `snapshot` shows it.
///
/// Serialized: each test blocks a thread of the shared pool while its processes run; one at a time leaves
/// the pool to the async tests beside them (in parallel they starved the invitations loopback tests).
@Suite(.serialized) struct LocaleFromEnvironmentTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The caller's locale variables blanked (empty counts as unset), then `environment` on top.
    func process(_ environment: [String: String]) -> FeaturehostProcess {
        var extra = ["NO_COLOR": "1", "LC_ALL": "", "LC_TIME": "", "LC_MESSAGES": "", "LC_MONETARY": "", "LANG": "", "TZ": "UTC"]
        extra.merge(environment) { _, new in new }
        return FeaturehostProcess(in: directory.url, extraEnvironment: extra)
    }

    func run(_ environment: [String: String], _ arguments: String...) async throws -> String {
        let result = try await process(environment).run(arguments)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        return result.standardOutput
    }

    @Test func listSaysWhatWasChosenAndWhy() async throws {
        let german = try await run(["LC_ALL": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"], "list")
        #expect(german.contains("locale      de_DE  (LC_ALL=de_DE.UTF-8)"), "\(german)")
        #expect(german.contains("hour cycle  24-hour  (the default of de_DE)"))
        // Foundation names UTC "GMT".
        #expect(german.contains("time zone   GMT  (TZ=UTC)"))
        let none = try await run([:], "list")
        #expect(none.contains("locale      en_US  (no LC_ALL, LC_TIME, LC_MESSAGES, LC_MONETARY or LANG; en_US conventions)"), "\(none)")
        #expect(none.contains("hour cycle  12-hour  (the default of en_US)"))
        let flagged = try await run(
            ["LC_ALL": "de_DE.UTF-8"], "list", "--locale", "en_GB", "--hour-cycle", "12", "--time-zone", "Europe/Oslo")
        #expect(flagged.contains("locale      en_GB  (--locale en_GB)"), "\(flagged)")
        #expect(flagged.contains("hour cycle  12-hour  (--hour-cycle 12)"))
        #expect(flagged.contains("time zone   Europe/Oslo  (--time-zone Europe/Oslo)"))
    }

    @Test func theConfigKeysWinOverTheEnvironment() async throws {
        try directory.write(#"{"features":[{"id":"transactions"}], "locale":"nb_NO", "hourCycle":12}"#, to: "featurehost.json")
        let list = try await run(["LANG": "de_DE.UTF-8"], "list")
        #expect(list.contains("locale      nb_NO  (config locale nb_NO)"), "\(list)")
        #expect(list.contains("hour cycle  12-hour  (config hourCycle 12)"))
    }

    @Test func transactionsFormatMoneyByTheEnvironment() async throws {
        // Foundation's de_DE puts a no-break space before the sign.
        let german = try await run(["LC_ALL": "de_DE.UTF-8"], "snapshot", "transactions")
        #expect(german.contains("472,08\u{A0}$"), "\(german)")
        let monetary = try await run(["LC_MONETARY": "de_DE.UTF-8"], "snapshot", "transactions")
        #expect(monetary.contains("472,08\u{A0}$"), "\(monetary)")
        let none = try await run(["LANG": "C.UTF-8"], "snapshot", "transactions")
        #expect(none.contains("$472.08"), "\(none)")
        #expect(!none.contains("US$"))
    }

    @Test func chatsSpeaksGermanUnderLANG() async throws {
        try directory.write(
            #"[{"identifier":1,"fullname":"Config Person","avatarURL":"","message":"Hallo","unreadMessagesCount":2,"sendingDate":"2026-03-15T11:00:00Z"}]"#,
            to: "chats.json")
        try directory.write(#"{"features":[{"id":"chats","source":{"kind":"json-file","path":"chats.json"}}]}"#, to: "featurehost.json")
        let german = try await run(["LANG": "de_DE.UTF-8"], "snapshot", "chats", "--advance", "3", "--now", "2026-03-16T12:00:00Z")
        #expect(german.contains("Gestern"), "\(german)")
        let english = try await run([:], "snapshot", "chats", "--advance", "3", "--now", "2026-03-16T12:00:00Z")
        #expect(english.contains("Yesterday"), "\(english)")
    }

    @Test func carNewsUsesTheClockOfTheLocale() async throws {
        let server = try LoopbackHTTPServer()
        let sample = try String(
            contentsOf: SnapshotTests.resource("CarNews/Sources/CarNewsFeature/Resources/car-news-sample.json"), encoding: .utf8)
        server.respond { request in
            request.path == "/articles" ? .data(Data(sample.utf8), contentType: "application/json") : .text("none", status: 404)
        }
        try directory.write(
            #"{"features":[{"id":"car-news","source":{"kind":"http","url":"\#(server.url("articles").absoluteString)","timeout":5}}]}"#,
            to: "featurehost.json")
        let german = try await run(["LC_ALL": "de_DE.UTF-8"], "snapshot", "car-news", "--now", "2026-03-16T12:00:00Z")
        #expect(german.contains("07:45") && !german.contains("07:45 AM"), "\(german)")
        let none = try await run([:], "snapshot", "car-news", "--now", "2026-03-16T12:00:00Z")
        #expect(none.contains("07:45 AM"), "\(none)")
    }
}
