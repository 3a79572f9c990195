import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite(.onItsOwnThread) struct CachedHTTPSourceTests {
    let server: LoopbackHTTPServer
    let directory: TemporaryDirectory
    let savedAt = Date(timeIntervalSince1970: 1_700_000_000)

    init() throws {
        server = try LoopbackHTTPServer()
        directory = try TemporaryDirectory()
    }

    var cacheFile: URL { directory.file("cache/payloads.sqlite") }

    func source(url: URL? = nil, timeout: Double = 5, at date: Date) -> CachedHTTPSource<[Car]> {
        let http = HTTPSource(url: url ?? server.url("cars"), timeout: timeout, transport: LiveHTTPTransport(), decoder: carDecoder)
        return CachedHTTPSource(source: http, cacheFile: cacheFile, key: "test cars", now: { date })
    }

    @Test func servesFreshThenTheSavedCopyOnEveryKindOfFailure() async throws {
        server.respond(with: .json(carsJSON))
        #expect(try await source(at: savedAt).load() == Loaded(cars, origin: .fresh))

        let later = savedAt.addingTimeInterval(3600)
        let failures: [(LoopbackHTTPServer.Reply, String)] = [
            (.text("down", status: 500), "The server answered HTTP 500 for \(server.url("cars").absoluteString)."),
            (.text("gone", status: 404), "The server answered HTTP 404 for \(server.url("cars").absoluteString)."),
        ]
        for (reply, reason) in failures {
            server.respond(with: reply)
            #expect(try await source(at: later).load() == Loaded(cars, origin: .cached(savedAt: savedAt, reason: reason)))
        }

        server.respond(with: .json("{garbage"))
        let garbage = try await source(at: later).load()
        #expect(garbage.value == cars)
        guard case .cached(let when, let reason) = garbage.origin else {
            Issue.record("expected the saved copy, got \(garbage.origin)")
            return
        }
        #expect(when == savedAt)
        #expect(reason.hasPrefix("The reply from"))

        server.respond(with: .json(carsJSON, delay: 2))
        let slow = try await source(timeout: 0.3, at: later).load()
        #expect(
            slow.origin == .cached(savedAt: savedAt, reason: "The request to \(server.url("cars").absoluteString) timed out after 0.3 s."))

        let port = try LoopbackHTTPServer.refusedPort()
        let refusedURL = try #require(URL(string: "http://127.0.0.1:\(port)/cars"))
        let refusedSource = CachedHTTPSource(
            source: HTTPSource(url: refusedURL, timeout: 5, transport: LiveHTTPTransport(), decoder: carDecoder),
            cacheFile: cacheFile, key: "test cars", now: { later })
        let refused = try await refusedSource.load()
        #expect(refused.value == cars)
        #expect(refused.origin == .cached(savedAt: savedAt, reason: "Could not connect to 127.0.0.1: the connection was refused."))
    }

    @Test func aNewGoodReplyReplacesTheSavedCopy() async throws {
        server.respond(with: .json(carsJSON))
        _ = try await source(at: savedAt).load()
        server.respond(with: .json(#"[{"name":"e-tron","seats":5}]"#))
        let newer = savedAt.addingTimeInterval(60)
        _ = try await source(at: newer).load()
        server.respond(with: .text("down", status: 503))
        let loaded = try await source(at: newer.addingTimeInterval(60)).load()
        #expect(loaded.value == [Car(name: "e-tron", seats: 5)])
        #expect(loaded.origin == .cached(savedAt: newer, reason: "The server answered HTTP 503 for \(server.url("cars").absoluteString)."))
    }

    @Test func withNothingSavedTheFailureItselfIsThrown() async throws {
        server.respond(with: .text("down", status: 500))
        await #expect(throws: HTTPError.status(500, server.url("cars"))) { try await source(at: savedAt).load() }
    }

    @Test func aCorruptCacheFileIsMovedAsideAndRebuilt() async throws {
        try FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let junk = Data(String(repeating: "this is not sqlite ", count: 200).utf8)
        try junk.write(to: cacheFile)
        server.respond(with: .json(carsJSON))
        let aside = cacheFile.deletingLastPathComponent().appendingPathComponent("payloads.sqlite.corrupt-20231114-221320")
        let first = try await source(at: savedAt).load()
        #expect(first.value == cars)
        #expect(first.origin == .fresh)
        #expect(first.notices.count == 1, "the load that found it tells the person")
        #expect(first.notices.first?.hasPrefix("The cache \(cacheFile.path) was damaged (") == true)
        #expect(first.notices.first?.hasSuffix("; it was moved to \(aside.path) and a new one was started.") == true)

        #expect(try Data(contentsOf: aside) == junk, "the damaged file is kept, not deleted")
        server.respond(with: .text("down", status: 500))
        let cached = try await source(at: savedAt).load()
        #expect(cached.value == cars, "the rebuilt cache holds the new payload")
        #expect(cached.notices == [], "the notice is given once")
    }

    @Test func aCorruptCacheWithTheServerDownSaysBothInItsError() async throws {
        try FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(String(repeating: "junk ", count: 500).utf8).write(to: cacheFile)
        server.respond(with: .text("down", status: 500))
        await #expect {
            try await source(at: savedAt).load()
        } throws: { error in
            let message = error.userFacingMessage
            return message.hasPrefix(
                "The server answered HTTP 500 for \(server.url("cars").absoluteString). The cache \(cacheFile.path) was damaged")
                && message.hasSuffix("it was moved to \(cacheFile.path).corrupt-20231114-221320 and a new one was started.")
        }
        server.respond(with: .json(carsJSON))
        #expect(try await source(at: savedAt).load() == Loaded(cars), "the next load finds a good, empty cache: no notice")
    }

    @Test func payloadCacheReportsTheRecovery() throws {
        try FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(String(repeating: "junk ", count: 500).utf8).write(to: cacheFile)
        let cache = try PayloadCache(file: cacheFile, now: savedAt)
        let notice = try #require(cache.recoveryNotice)
        #expect(notice.contains("was moved to \(cacheFile.path).corrupt-20231114-221320"))
        #expect(try PayloadCache(file: cacheFile, now: savedAt).recoveryNotice == nil)
    }

    /// A damaged page deep in the file opens fine and only shows in a read: before, every offline load then failed
    /// with SQLite's raw error and the file was never rebuilt.
    @Test func damageFoundByALaterReadIsMovedAsideToo() throws {
        do {
            let cache = try PayloadCache(file: cacheFile, now: savedAt)
            try cache.save(Data(repeating: UInt8(ascii: "x"), count: 1_000_000), forKey: "cars", at: savedAt)
        }  // closing the last connection checkpoints the WAL into the file
        let handle = try FileHandle(forWritingTo: cacheFile)
        try handle.seek(toOffset: 150_000)
        handle.write(Data(String(repeating: "GARBAGE ", count: 2_000).utf8))
        try handle.close()

        let cache = try PayloadCache(file: cacheFile, now: savedAt)
        #expect(cache.recoveryNotice == nil, "the damage does not show when the file is opened")
        #expect(try cache.entry(forKey: "cars") == nil)
        let notice = try #require(cache.recoveryNotice)
        #expect(notice.contains("was moved to \(cacheFile.path).corrupt-20231114-221320"))
        #expect(FileManager.default.fileExists(atPath: cacheFile.path + ".corrupt-20231114-221320"))
        try cache.save(Data("{}".utf8), forKey: "cars", at: savedAt)
        #expect(try cache.entry(forKey: "cars")?.body == Data("{}".utf8), "the new file works")
    }
}
