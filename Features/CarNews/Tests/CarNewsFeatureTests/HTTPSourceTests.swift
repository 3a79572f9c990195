import CarNewsFixtures
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

/// The feature on an http source, in the context the host gives it for a config entry. The host's own path
/// from the config file to the running feature is `CarNewsFromConfigTests` in Tests/FeatureHostEndToEndTests.
@MainActor
@Suite("Car news on an http source")
struct HTTPSourceTests {
    @Test("an http source on the loopback server works, saves into the feature's own table and not the payload cache")
    func loopbackSource() async throws {
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let harness = try Harness()
        // What the config entry {"kind":"http","url":"http://127.0.0.1:<port>/articles"} resolves to.
        let feature = try harness.feature(.http(server.url("articles")))
        let store = harness.store(feature.presenter)
        feature.handle(.appear)  // the host's way in, past the store
        await store.settled(starts: ["saved list", "refresh"] + Harness.quirkyImageLoads) { $0 = .list(Fixtures.quirkyRows) }
        await store.finish()
        #expect(server.requests.map(\.path) == ["/articles"])
        #expect(FileManager.default.fileExists(atPath: harness.storageDirectory.appendingPathComponent("articles.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: harness.host.payloadCacheFile.path))
    }

    @Test("a feed past the 16 MiB a source reads by default is read (its limit is 96 MiB); one past 96 MiB is refused")
    func feedLimit() async throws {
        #expect(CarNewsFeature.maximumFeedSize == 96 * 1024 * 1024)
        // 17 MiB: the two articles and a long field the decoder ignores.
        let padding = String(repeating: "x", count: 17 * 1024 * 1024)
        let long = Fixtures.quirkyReply.replacingOccurrences(of: #""serverTime":"#, with: #""padding":"\#(padding)","serverTime":"#)
        #expect(long.utf8.count > 16 * 1024 * 1024)
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(long))
        let harness = try Harness()
        let store = harness.store(try harness.feature(Harness.http(server, timeout: 60)).presenter)
        await store.appearOnTheQuirkyReply()

        // Declared past the limit: refused before the body, and the saved list stays under the banner.
        server.respond(with: LoopbackHTTPServer.Reply(body: Data("{}".utf8), framing: .declaredLength("100663297")))
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive {
            $0 = .offline(
                Fixtures.quirkyRows, lastUpdated: "16 March, 12:34",
                reason: "The reply from \(server.url("articles").absoluteString) is larger than the 100663296-byte limit.")
        }
        await store.finish()
    }

    @Test("with no source in the config, the default is the real API, cached")
    func defaultSource() throws {
        #expect(
            CarNewsFeature.manifest.defaultSource
                == .http(URL(string: "https://www.apphusetreach.no/application/119267/article/get_articles_list")!, cache: true))
        #expect(CarNewsFeature.manifest.acceptedSources == [.http, .jsonFile, .inMemory])
        #expect(CarNewsFeature.manifest.id == "car-news")
        #expect(try Harness().host.context(for: CarNewsFeature.self).source == CarNewsFeature.manifest.defaultSource)
    }

    @Test("numbers past what Int64 and Double hold cost their article, not the host, and the screen says so")
    func overflowingNumbers() async throws {
        let good =
            #"{"id":1,"title":"Fine","ingress":"","image":"","dateTime":"16.03.2026 09:05","tags":[],"content":[],"created":1,"changed":1}"#
        let bad = [
            #"{"id":99999999999999999999,"title":"Id past Int64","ingress":"","image":"","dateTime":"16.03.2026 09:05","tags":[],"content":[]}"#,
            #"{"id":1e400,"title":"Id past Double","ingress":"","image":"","dateTime":"16.03.2026 09:05","tags":[],"content":[]}"#,
            #"{"id":3,"title":"Created past Int64","ingress":"","image":"","dateTime":"16.03.2026 09:05","tags":[],"content":[],"created":-99999999999999999999}"#,
        ]
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(#"{"status":"success","content":[\#(([good] + bad).joined(separator: ","))]}"#))
        let harness = try Harness()
        let feature = try harness.feature(.http(server.url("articles")))
        let store = harness.store(feature.presenter)
        feature.handle(.appear)  // the host's way in, past the store
        await store.settled(starts: ["saved list", "refresh"]) {
            $0 = .list([CarNewsViewState.Row(id: 1, title: "Fine", date: "16 March, 09:05", imageLabel: "No image")])
            $0.notices = ["3 articles from the server could not be read and were skipped."]
        }
        await store.finish()
    }

    @Test("a feed that is a compression bomb or too large is refused while it arrives; the saved list stays")
    func hostileFeeds() async throws {
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let harness = try Harness()
        let store = harness.store(try harness.feature(.http(server.url("articles"))).presenter)
        await store.appearOnTheQuirkyReply()
        // The saved articles stay; the banner names the feed's own limit (`maximumFeedSize`).
        let tooLarge = "The reply from \(server.url("articles").absoluteString) is larger than the 100663296-byte limit."
        server.respond(with: HostileReply.compressionBomb(inflatedSize: 1 << 30, contentType: "application/json"))
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive { $0 = .offline(Fixtures.quirkyRows, lastUpdated: "16 March, 12:34", reason: tooLarge) }
        server.respond(with: HostileReply.huge(size: 400 << 20, contentType: "application/json", framing: .chunked))
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        await store.receive { $0 = .offline(Fixtures.quirkyRows, lastUpdated: "16 March, 12:34", reason: tooLarge) }
        await store.finish()
    }
}
