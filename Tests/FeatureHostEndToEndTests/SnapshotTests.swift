import FeatureHostTestSupport
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

    func featurehost(_ arguments: [String]) async throws -> ProcessResult { try await process.run(arguments) }

    func snapshot(_ arguments: String...) async throws -> String {
        let result = try await featurehost(["snapshot"] + arguments)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        return result.standardOutput
    }

    @Test func offerCountdownAfterFiveAndAHalfSeconds() async throws {
        let frame = try await snapshot("offer-countdown", "--advance", "5.5")
        #expect(frame.contains("│  00  │ : │  23  │ : │  59  │ : │  55  │"))
        let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 25, "24 rows and the final newline")
        #expect(!frame.contains("\u{1B}"), "plain text, no escape codes")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") }, "trailing spaces trimmed")
    }

    @Test func focusOutPausesTheCountdownUntilFocusIn() async throws {
        let frame = try await snapshot(
            "offer-countdown", "--advance", "2", "--input", "\\e[O", "--advance", "60", "--input", "\\e[I", "--advance", "1.5")
        #expect(frame.contains("│  00  │ : │  23  │ : │  59  │ : │  57  │"))
    }

    @Test func offerActivationPopup() async throws {
        let frame = try await snapshot("offer-countdown", "--advance", "3", "--input", "\\r")
        #expect(frame.contains("Great!"))
        #expect(frame.contains("Offer activated at 23:59:57"))
        let footer = frame.split(separator: "\n").last.map(String.init)
        #expect(footer == " Enter/Esc close  Ctrl-C quit", "Esc is the popup's, so the shell's `Esc quit` is not offered")
    }

    @Test func anHourAdvancesInVirtualTimeTickByTick() async throws {
        let started = Date()
        let frame = try await snapshot("offer-countdown", "--advance", "3661.5")
        #expect(frame.contains("│  00  │ : │  22  │ : │  58  │ : │  59  │"))
        // Not a speed test (the bench measures that): an hour simulated in real time would take 3,600 s, and a
        // loaded machine running the whole suite has taken over 60 s to start and run this process.
        #expect(Date().timeIntervalSince(started) < 600, "a simulated hour takes seconds, not an hour")
    }

    @Test func transactionsShowsTheTotalOfEveryPinnedTransaction() async throws {
        let frame = try await snapshot("transactions", "--locale", "en_US")
        #expect(frame.contains("$472.08"))
    }

    @Test func sizeLocaleAndHourCycleAreApplied() async throws {
        let frame = try await snapshot(
            "transactions", "--size", "100x30", "--locale", "de_DE", "--hour-cycle", "24", "--time-zone", "Europe/Oslo")
        let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 31)
        #expect(frame.contains("472,08"))
    }

    /// The bundled chats from a web source on a loopback server that also serves their avatars: the test never
    /// reaches the internet, and the avatars take the real path through the host's image cache, allowed because
    /// they come from the configured source's own origin.
    @Test func chatsShowsTheListAfterTheLoadingScreen() async throws {
        let server = try LoopbackHTTPServer()
        let json = try String(contentsOf: Self.resource("Chats/Sources/ChatsFeature/Resources/chats.json"), encoding: .utf8)
            .replacingOccurrences(of: "http://i.pravatar.cc/", with: server.url("avatars").absoluteString + "/")
        server.respond { request in
            request.path == "/chats.json" ? .json(json) : .data(SampleImage.png, contentType: "image/png")
        }
        try directory.write(
            #"{"features":[{"id":"chats","source":{"kind":"http","url":"\#(server.url("chats.json").absoluteString)"}}]}"#,
            to: "featurehost.json")
        let loading = try await snapshot("chats", "--advance", "1", "--locale", "en_US")
        #expect(!loading.contains("Noah Fischer"), "still loading at 1 s")
        let frame = try await snapshot(
            "chats", "--advance", "3", "--locale", "en_US", "--now", "2026-03-16T12:00:00Z", "--time-zone", "UTC")
        #expect(frame.contains("Noah Fischer"))
        #expect(frame.contains("(99+)"))
        let avatars = server.requests.filter { $0.path != "/chats.json" }
        #expect(!avatars.isEmpty && avatars.allSatisfy { $0.path.hasPrefix("/avatars/") })
    }

    /// The same avatars named by a plist file: a server on this machine that is not the configured source is never
    /// asked, whatever the data says.
    @Test func avatarsNamedByAFileNeverReachALocalServer() async throws {
        let server = try LoopbackHTTPServer()
        server.respond { _ in .data(SampleImage.png, contentType: "image/png") }
        let plist = try String(contentsOf: Self.resource("Chats/Sources/ChatsFeature/Resources/chats.plist"), encoding: .utf8)
        try directory.write(
            plist.replacingOccurrences(of: "http://i.pravatar.cc/", with: server.url("avatars").absoluteString + "/"), to: "chats.plist")
        try directory.write(#"{"features":[{"id":"chats","source":{"kind":"plist","path":"chats.plist"}}]}"#, to: "featurehost.json")
        let frame = try await snapshot(
            "chats", "--advance", "3", "--locale", "en_US", "--now", "2026-03-16T12:00:00Z", "--time-zone", "UTC")
        #expect(frame.contains("Noah Fischer"))
        #expect(server.requests.isEmpty)
    }

    @Test func chatsReadsAJSONFileWhenTheConfigSaysSo() async throws {
        try directory.write(
            #"[{"identifier":1,"fullname":"Config Person","avatarURL":"","message":"From a JSON file","unreadMessagesCount":0,"sendingDate":"2026-03-16T11:00:00Z"}]"#,
            to: "chats.json")
        try directory.write(#"{"features":[{"id":"chats","source":{"kind":"json-file","path":"chats.json"}}]}"#, to: "featurehost.json")
        let frame = try await snapshot("chats", "--advance", "3", "--locale", "en_US", "--now", "2026-03-16T12:00:00Z")
        #expect(frame.contains("Config Person"))
        #expect(frame.contains("From a JSON file"))
        #expect(!frame.contains("Noah Fischer"))
    }

    /// The bundled sample served on loopback, its images too: online, then offline from the saved list.
    @Test func carNewsShowsTheArticlesFromTheServerThenTheSavedListOffline() async throws {
        let server = try LoopbackHTTPServer()
        let sample = try String(contentsOf: Self.resource("CarNews/Sources/CarNewsFeature/Resources/car-news-sample.json"), encoding: .utf8)
            .replacingOccurrences(
                of: #"https:\/\/www.apphusetreach.no\/"#,
                with: (server.baseURL.absoluteString + "/").replacingOccurrences(of: "/", with: #"\/"#))
        server.respond { request in
            request.path == "/articles"
                ? .data(Data(sample.utf8), contentType: "application/json") : .data(SampleImage.png, contentType: "image/png")
        }
        try directory.write(
            #"{"features":[{"id":"car-news","source":{"kind":"http","url":"\#(server.url("articles").absoluteString)","timeout":5}}]}"#,
            to: "featurehost.json")
        // --save: the saved list is what the offline run reads.
        let online = try await snapshot("car-news", "--locale", "en_GB", "--now", "2026-03-16T12:00:00Z", "--time-zone", "UTC", "--save")
        #expect(server.requests.filter { $0.path == "/articles" }.count == 1)
        #expect(server.requests.contains { $0.path == "/sites/default/files/e_tron_winter.jpg" }, "images come from loopback")
        #expect(!online.contains("Offline"))
        // The newest article by its `dateTime` (02.03.2026 07:45), pinned rather than re-derived.
        let title = "Electric SUVs: what a winter test taught us"
        #expect(online.contains(String(title.prefix(30))), "the newest article's title is on screen")

        server.respond(with: .text("down", status: 500))
        let offline = try await snapshot("car-news", "--locale", "en_GB", "--now", "2026-03-16T12:05:00Z", "--time-zone", "UTC")
        #expect(offline.contains("Offline"))
        #expect(offline.contains(String(title.prefix(30))), "the saved list stays")
    }

    /// The keys scroll by the size the article is drawn at, as in the live shell: snapshot draws after each step,
    /// so the scene knows it is 40×13 when the Down arrow arrives (it used to assume 80×23 and not scroll).
    @Test func keysActOnTheSizeTheSnapshotDraws() async throws {
        try directory.write(#"{"features":[{"id":"car-news","source":{"kind":"in-memory"}}]}"#, to: "featurehost.json")
        let opened = try await snapshot("car-news", "--size", "40x13", "--input", "\\r", "--now", "2026-03-16T12:00:00Z")
        #expect(opened.contains("lines 1–10"), "\(opened)")
        let scrolled = try await snapshot(
            "car-news", "--size", "40x13", "--input", "\\r", "--input", "\\e[B", "--now", "2026-03-16T12:00:00Z")
        #expect(scrolled.contains("lines 2–11"), "\(scrolled)")
    }

    /// Saved state (here car-news' article database) is written only with --save; without it the snapshot works
    /// on a copy, and what was saved before is read but left as it was.
    @Test func savedStateIsWrittenOnlyWithSave() async throws {
        try directory.write(#"{"features":[{"id":"car-news","source":{"kind":"in-memory"}}]}"#, to: "featurehost.json")
        let data = directory.url.appendingPathComponent("data")
        _ = try await snapshot("car-news", "--now", "2026-03-16T12:00:00Z")
        #expect(!FileManager.default.fileExists(atPath: data.path), "nothing written without --save")
        _ = try await snapshot("car-news", "--now", "2026-03-16T12:00:00Z", "--save")
        let saved = try Self.contents(of: data)
        #expect(saved.keys.contains { $0.hasPrefix("features/car-news/") }, "\(saved.keys.sorted())")
        _ = try await snapshot("car-news", "--now", "2026-03-20T12:00:00Z", "--input", "r")
        #expect(try Self.contents(of: data) == saved, "a snapshot without --save leaves the saved files as they were")
    }

    /// Every regular file under `directory`, by relative path.
    static func contents(of directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = directory.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return [:]
        }
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files[url.standardizedFileURL.path.replacingOccurrences(of: base, with: "")] = try Data(contentsOf: url)
        }
        return files
    }

    /// A FIFO anywhere in the data directory made every snapshot without --save wait for ever (reliability review,
    /// failure 6): the throwaway copy read it.
    @Test(.timeLimit(.minutes(2))) func aFIFOInTheDataDirectoryNeverHangsASnapshot() async throws {
        let data = directory.file("fifo-data")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("features/car-news"), withIntermediateDirectories: true)
        #expect(mkfifo(data.appendingPathComponent("anything").path, 0o600) == 0)
        #expect(mkfifo(data.appendingPathComponent("preferences.plist").path, 0o600) == 0)
        #expect(mkfifo(data.appendingPathComponent("features/car-news/articles.sqlite").path, 0o600) == 0)
        let frame = try await snapshot("offer-countdown", "--data-dir", data.path, "--advance", "1")
        #expect(frame.contains("LAST-MINUTE CHANCE!"))
    }

    /// A data directory that cannot be made (a file in its place, a read-only volume) costs the saves, not the
    /// features: offer-countdown, which saves nothing, runs as usual, and transactions runs and says at its first
    /// pin that the change was not kept. The file in the way is left as it was.
    @Test func aFeatureRunsOnADataDirectoryThatCannotBeMade() async throws {
        let blocker = try directory.write("not a directory", to: "blocker")
        let offer = try await featurehost(["snapshot", "offer-countdown", "--save", "--data-dir", blocker.path])
        #expect(offer.status == 0, "stderr: \(offer.standardError)")
        #expect(!offer.standardOutput.contains("could not start"))
        let pins = try await featurehost(["snapshot", "transactions", "--save", "--data-dir", blocker.path, "--input", " "])
        #expect(pins.status == 0, "stderr: \(pins.standardError)")
        #expect(pins.standardOutput.contains("Total spent:"), "\(pins.standardOutput)")
        #expect(pins.standardOutput.contains("cannot be read") || pins.standardOutput.contains("not saved"), "\(pins.standardOutput)")
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "not a directory")
    }

    /// A data directory that is a file is refused by name, before a throwaway copy whose path every message
    /// would name instead.
    @Test func aDataDirectoryThatIsAFileIsNamed() async throws {
        let blocker = try directory.write("not a directory", to: "blocker")
        let result = try await featurehost(["snapshot", "transactions", "--data-dir", blocker.path])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "featurehost: snapshot: the data directory \(blocker.path) is a file, not a folder; choose another with --data-dir.\n")
        // With --save there is no copy to make: the feature runs on it (its saves say they were not kept).
        let saved = try await featurehost(["snapshot", "transactions", "--save", "--data-dir", blocker.path])
        #expect(saved.status == 0 && !saved.standardError.contains("could not start"), "\(saved.standardError)")
    }

    /// At the documented minimum window the footer keeps the main action, worded for the selected row.
    @Test func theTransactionsFooterKeepsSpacePinAtTheMinimum() async throws {
        let unpin = try await featurehost(["snapshot", "transactions", "--size", "44x17"])
        #expect(unpin.standardOutput.split(separator: "\n").last?.hasPrefix(" Space unpin") == true, "\(unpin.standardOutput)")
        let pin = try await featurehost(["snapshot", "transactions", "--size", "44x17", "--input", " "])
        #expect(pin.standardOutput.split(separator: "\n").last?.hasPrefix(" Space pin") == true, "\(pin.standardOutput)")
    }

    /// Each feature's documented minimum is a window size, the shell's footer row included: it draws the
    /// feature, and a row or a column less asks for exactly that size, naming the window's real size.
    @Test(arguments: [
        ("offer-countdown", 48, 18), ("chats", 40, 13), ("transactions", 44, 17), ("car-news", 40, 13), ("invitations", 60, 19),
    ])
    func theDocumentedMinimumWindowWorks(id: String, width: Int, height: Int) async throws {
        let server = try LoopbackHTTPServer()
        try writeEveryFeatureOffline(server)
        let fits = try await snapshot(id, "--size", "\(width)x\(height)", "--advance", "3")
        #expect(!fits.contains("Make the window"), "\(id) at \(width)×\(height):\n\(fits)")
        // Read as words: the message wraps where the window is narrower than it.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let short = words(try await snapshot(id, "--size", "\(width)x\(height - 1)"))
        #expect(short.contains("Make the window at least \(width)×\(height) (now \(width)×\(height - 1))."), "\(short)")
        let narrow = words(try await snapshot(id, "--size", "\(width - 1)x\(height)"))
        #expect(narrow.contains("Make the window at least \(width)×\(height) (now \(width - 1)×\(height))."), "\(narrow)")
    }

    /// Every built-in feature with offline sources; car-news' server answers 500, so it shows its error.
    private func writeEveryFeatureOffline(_ server: LoopbackHTTPServer) throws {
        server.respond(with: .text("down", status: 500))
        try directory.write("[]", to: "chats.json")
        try directory.write(
            #"{"features":[{"id":"offer-countdown"},{"id":"chats","source":{"kind":"json-file","path":"chats.json"}},"#
                + #"{"id":"transactions","source":{"kind":"in-memory"}},"#
                + #"{"id":"car-news","source":{"kind":"http","url":"\#(server.url("articles").absoluteString)","timeout":5}},"#
                + #"{"id":"invitations","source":{"kind":"in-memory"}}]}"#,
            to: "featurehost.json")
    }

    /// Each screen's footer at 40, 60 and 80 columns: whole hints only (nothing cut with `…`), Esc offered
    /// at most once, and the screen's first hint always there when the screen is shown.
    @Test(arguments: [
        ("offer-countdown", [String](), "Enter activate offer"), ("offer-countdown", ["\\r"], "Enter/Esc close"),
        ("chats", [], "r Refresh"), ("transactions", [], "Space unpin"), ("transactions", [" "], "Space pin"),
        ("car-news", [], "r retry"),
        ("invitations", [], "Enter Request an invite"), ("invitations", ["\\r"], "Enter next field"),
    ])
    func footersFitAt40To80Columns(id: String, inputs: [String], first: String) async throws {
        let server = try LoopbackHTTPServer()
        try writeEveryFeatureOffline(server)
        for width in [40, 60, 80] {
            let arguments = [id, "--size", "\(width)x24", "--advance", "3"] + inputs.flatMap { ["--input", $0] }
            let result = try await featurehost(["snapshot"] + arguments)
            let footer = String(result.standardOutput.split(separator: "\n").last ?? "")
            #expect(!footer.contains("…"), "\(id) at \(width): \(footer)")
            #expect(footer.components(separatedBy: "Esc").count <= 2, "\(id) at \(width): \(footer)")
            #expect(!(footer.contains("Esc quit") && footer.contains("Ctrl-C quit")), "quit once: \(id) at \(width): \(footer)")
            // A window below the screen's minimum shows "make the window at least…" instead: the screen takes no
            // keys and has not appeared there, so only the shell's way out is offered.
            if result.standardOutput.contains("Make the window at least") {
                #expect(footer == " Esc quit", "\(id) at \(width): \(footer)")
            } else {
                #expect(footer.hasPrefix(" " + first), "\(id) at \(width): \(footer)")
            }
        }
    }

    /// A bundled resource of a feature, read from the source tree.
    static func resource(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Features/\(path)")
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
        (["snapshot", "offer-countdown", "--save=yes"], "snapshot: --save takes no value."),
    ])
    func badArgumentsExitOneWithAMessage(arguments: [String], message: String) async throws {
        let result = try await featurehost(arguments)
        #expect(result.status == 1)
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
