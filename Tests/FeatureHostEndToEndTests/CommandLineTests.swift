import FeatureHostTestSupport
import FeatureHostTesting
import Foundation
import Testing

/// Runs the built `featurehost` executable as a user would.
@Suite struct CommandLineTests {
    let directory: TemporaryDirectory
    let process: FeaturehostProcess

    init() throws {
        directory = try TemporaryDirectory()
        process = FeaturehostProcess(in: directory.url)
    }

    func featurehost(_ arguments: String...) async throws -> ProcessResult { try await process.run(arguments) }

    /// `not_a_feature` is not kebab-case, so no feature can ever have it: scaffolding one keeps this test true.
    @Test func validatePrintsEveryErrorInOneRun() async throws {
        let config = try directory.write(
            """
            { "features": [
              { "id": "not_a_feature" },
              { "id": "car-news", "source": { "kind": "ftp" } },
              { "id": "car-news", "source": { "kind": "http", "url": "http://example.org/articles" } }
            ] }
            """, to: "bad.json")
        let result = try await featurehost("validate", "--config", config.path)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(config.path): features[0].id: unknown feature \"not_a_feature\"; known ids:") })
        #expect(lines.contains { $0.hasPrefix("\(config.path): features[1].source.kind: found \"ftp\"; allowed:") })
        #expect(lines.contains { $0.hasPrefix("\(config.path): features[2].source.url: \"http://example.org/articles\" must use https") })
    }

    /// Each of these passed `validate` with `ok` and then failed when the feature started; now validate and start
    /// read the same declarations, the same files and the same JSON rules, and both refuse with the same lines.
    @Test(arguments: [
        (
            #"{"features":[{"id":"offer-countdown","settings":{"duration":"1h"}}]}"#,
            #"features[0].settings.duration: found "1h"; allowed: a number from 1 to 8639999."#
        ),
        (
            #"{"features":[{"id":"chats","settings":{"loadingDuration":90}}]}"#,
            #"features[0].settings.loadingDuration: found 90; allowed: a number from 0 to 60."#
        ),
        (
            #"{"features":[{"id":"transactions","settings":{"currency":"XYZ"}}]}"#,
            #"features[0].settings.currency: found "XYZ"; allowed: an ISO 4217 currency code such as "USD", "EUR" or "JPY"."#
        ),
        (
            #"{"features":[{"id":"chats","source":{"kind":"json-file","path":"nope.json"}}]}"#,
            #"features[0].source.path: "nope.json" does not exist"#
        ),
        (
            "{\"features\":[\n  {\"id\":\"chats\"},\n]}",
            #"not valid JSON: line 2, column 17: a trailing comma before "]"; remove it."#
        ),
        // Passed validate, then crashed the first request converting 1e300 s to nanoseconds (issue 24).
        (
            #"{"features":[{"id":"chats","source":{"kind":"http","url":"http://127.0.0.1:9/c","timeout":1e300}}]}"#,
            #"features[0].source.timeout: found 1e+300; allowed: a number of seconds from 0.001 to 3600."#
        ),
    ])
    func validateAndStartAgree(config: String, message: String) async throws {
        let file = try directory.write(config, to: "featurehost.json")
        let validate = try await featurehost("validate")
        #expect(validate.status == 1)
        #expect(validate.standardOutput == "")
        #expect(validate.standardError.contains("\(file.path): \(message)"), "stderr: \(validate.standardError)")
        let start = try await featurehost("snapshot", "chats")
        #expect(start.status == 1)
        #expect(start.standardError == validate.standardError, "start refuses with the very lines validate prints")
    }

    /// `serve --max-pages` takes 1 to 10,000 pages; past it, or not a number, serve refuses to start and says so.
    @Test(arguments: ["0", "10001", "99999999999999999999", "many"])
    func serveRefusesMaxPagesOutOfRange(value: String) async throws {
        let result = try await featurehost("serve", "--max-pages", value)
        #expect(result.status != 0)
        #expect(
            result.standardError.contains("serve: --max-pages must be a number from 1 to 10000, found \(value)."),
            "stderr: \(result.standardError)")
    }

    /// A feature with no bundled sample for the kind the config picks: validate names it instead of the feature
    /// failing at start.
    @Test func aKindWithNoBundledSampleIsReported() async throws {
        let file = try directory.write(#"{"features":[{"id":"invitations","source":{"kind":"in-memory"}}]}"#, to: "featurehost.json")
        #expect(try await featurehost("validate").standardOutput == "ok\n", "invitations' in-memory backend needs no file")
        try directory.write(#"{"features":[{"id":"car-news","source":{"kind":"json-file","path":"."}}]}"#, to: "featurehost.json")
        let folder = try await featurehost("validate")
        #expect(folder.status == 1)
        #expect(
            folder.standardError.contains("\(file.path): features[0].source.path: \".\" is a folder, not a file"), "\(folder.standardError)"
        )
    }

    /// A config that is not a config file at all (a device that never ends, a FIFO no one writes to) is refused at
    /// once, with one line (issue 24, point 6; the FIFO made every command wait for ever: issue 35.9).
    @Test(.onItsOwnThread, .timeLimit(.minutes(1))) func aConfigThatNeverEndsIsRefusedAtOnce() async throws {
        let result = try await featurehost("validate", "--config", "/dev/zero")
        #expect(result.status == 1)
        #expect(result.standardError == "/dev/zero: the config file is a device, not a regular file.\n")
        let fifo = directory.file("cfg.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for command in [["validate"], ["list"], ["snapshot", "offer-countdown"]] {
            let result = try await process.run(command + ["--config", fifo.path])
            #expect(result.status == 1, "\(command)")
            #expect(
                result.standardError.contains("\(fifo.path): the config file is a FIFO (named pipe), not a regular file."), "\(command)")
        }
    }

    @Test func validateSaysOkForTheBuiltInDefault() async throws {
        let result = try await featurehost("validate")
        #expect(result.status == 0)
        #expect(result.standardOutput == "ok\n")
    }

    @Test func listPrintsIdStateKindAndLocation() async throws {
        try directory.write("[]", to: "data/chats.json")
        try directory.write(
            """
            { "features": [
              { "id": "chats", "source": { "kind": "json-file", "path": "data/chats.json" } },
              { "id": "car-news", "enabled": false, "source": { "kind": "http", "url": "https://example.org/articles" } },
              { "id": "offer-countdown" }
            ] }
            """, to: "featurehost.json")
        let result = try await featurehost("list")
        #expect(result.status == 0)
        // The features, a blank line, then the locale choice (LocaleFromEnvironmentTests checks its words).
        let parts = result.standardOutput.components(separatedBy: "\n\n")
        #expect(
            parts.first == """
                chats            enabled   json-file  \(directory.file("data/chats.json").path)
                car-news         disabled  http       https://example.org/articles (cached)
                offer-countdown  enabled   none       (no data source)
                """)
        #expect(parts.count == 2 && parts[1].split(separator: "\n").map { $0.prefix(10) } == ["locale    ", "hour cycle", "time zone "])
    }

    @Test func theKeyValueStoreSurvivesAProcessRestart() async throws {
        let set = try await featurehost("store", "set", "transactions", "unpinned-ids", "[3,1]")
        #expect(set.status == 0, "stderr: \(set.standardError)")
        let get = try await featurehost("store", "get", "transactions", "unpinned-ids")
        #expect(get.status == 0)
        #expect(get.standardOutput == "[3,1]\n")
        #expect(FileManager.default.fileExists(atPath: directory.file("data/preferences.plist").path))
        let missing = try await featurehost("store", "get", "invitations", "registration")
        #expect(missing.status == 1)
        #expect(missing.standardError == "store: invitations has no value for \"registration\".\n")
    }

    /// A save that did not happen exits 1 with the path and the reason; a read never dumps a Foundation error and
    /// tells a damaged file from a missing value. The folder blocked by a file stops root too, unlike a chmod.
    @Test func aStoreThatCannotSaveOrReadSaysWhereAndWhy() async throws {
        let blocker = try directory.write("a file", to: "blocker")
        let set = try await featurehost(
            "store", "set", "transactions", "unpinned-ids", "[1]", "--data-dir", blocker.appendingPathComponent("data").path)
        #expect(set.status == 1)
        #expect(
            set.standardError
                == "featurehost: store set: transactions \"unpinned-ids\" was not saved: Cannot create the folder \(blocker.path)/data for \(blocker.path)/data/preferences.plist: Not a directory.\n"
        )
        let remove = try await featurehost("store", "remove", "transactions", "unpinned-ids", "--data-dir", blocker.path)
        #expect(remove.status == 1)
        #expect(remove.standardError.contains("\(blocker.path)/preferences.plist.lock: Not a directory."))
        let get = try await featurehost("store", "get", "transactions", "unpinned-ids", "--data-dir", blocker.path)
        #expect(get.status == 1)
        #expect(get.standardError == "store: The saved settings in \(blocker.path)/preferences.plist cannot be read: Not a directory.\n")

        try directory.write("<?xml version=\"1.0\"?><plist><dict><key>transactions.unpinned-ids</key><da", to: "damaged/preferences.plist")
        let damaged = try await featurehost("store", "get", "transactions", "unpinned-ids", "--data-dir", directory.file("damaged").path)
        #expect(damaged.status == 1)
        #expect(
            damaged.standardError.hasPrefix(
                "store: The saved settings in \(directory.file("damaged/preferences.plist").path) are damaged ("))
        for result in [set, remove, get, damaged] { #expect(!result.standardError.contains("NSCocoaErrorDomain")) }
    }

    /// A journal another program wrote over (its first line is not a journal's): `get` prints the file's value and
    /// says the journal is damaged, as a feature's screen does, rather than nothing.
    @Test func aStoreGetPastADamagedJournalSaysSo() async throws {
        let folder = directory.file("damaged-journal")
        #expect(try await featurehost("store", "set", "transactions", "unpinned-ids", "[5]", "--data-dir", folder.path).status == 0)
        try directory.write("99999999999999999999999 5\n", to: "damaged-journal/preferences.plist.journal")
        let get = try await featurehost("store", "get", "transactions", "unpinned-ids", "--data-dir", folder.path)
        #expect(get.status == 0)
        #expect(get.standardOutput == "[5]\n")
        #expect(
            get.standardError
                == "store: The saved settings' journal \(folder.path)/preferences.plist.journal is damaged (its first line is not a journal's). The saves before that are kept; it will be moved aside on the next save.\n"
        )
    }

    /// `store set` on a damaged file moved it aside with exit 0 and no word (reliability review, failure 9); a FIFO
    /// in its place made every read wait for ever.
    @Test func aStoreSetOverADamagedFileSaysItWasMovedAside() async throws {
        let folder = directory.file("damaged-set")
        try directory.write("<?xml version=\"1.0\"?><plist><dict><key>transactions.note</key><da", to: "damaged-set/preferences.plist")
        let set = try await featurehost("store", "set", "transactions", "unpinned-ids", "[5]", "--data-dir", folder.path)
        #expect(set.status == 0)
        #expect(set.standardError.hasPrefix("store: The saved settings in \(folder.path)/preferences.plist could not be read ("))
        #expect(set.standardError.contains("the file was moved to \(folder.path)/preferences.plist.corrupt-"))
        #expect(try await featurehost("store", "get", "transactions", "unpinned-ids", "--data-dir", folder.path).standardOutput == "[5]\n")

        let fifoFolder = directory.file("fifo-set")
        try FileManager.default.createDirectory(at: fifoFolder, withIntermediateDirectories: true)
        #expect(mkfifo(fifoFolder.appendingPathComponent("preferences.plist").path, 0o600) == 0)
        let get = try await featurehost("store", "get", "transactions", "unpinned-ids", "--data-dir", fifoFolder.path)
        #expect(get.status == 1)
        #expect(get.standardError.contains("are damaged (it is a FIFO (named pipe), not a file)"))
        let setOverFIFO = try await featurehost("store", "set", "transactions", "unpinned-ids", "[6]", "--data-dir", fifoFolder.path)
        #expect(setOverFIFO.status == 0)
        #expect(setOverFIFO.standardError.contains("the file was moved to"))
    }

    @Test func helpAndVersion() async throws {
        let help = try await featurehost("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("featurehost validate [--config F]"))
        let version = try await featurehost("--version")
        #expect(version.standardOutput.hasPrefix("featurehost "))
    }

    @Test func anUnknownOptionIsAClearError() async throws {
        let result = try await featurehost("list", "--colour")
        #expect(result.status == 1)
        #expect(result.standardError == "featurehost: list: unknown option --colour. Run `featurehost --help` for the options.\n")
    }

    @Test func aMissingConfigFileIsNamed() async throws {
        let result = try await featurehost("list", "--config", "nope.json")
        #expect(result.status == 1)
        #expect(result.standardError == "\(directory.file("nope.json").path): the config file does not exist.\n")
    }
}
