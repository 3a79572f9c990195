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
        feature.handle(.appear)
        #expect(await harness.host.settle())
        #expect(feature.presenter.viewState == .list(Fixtures.quirkyRows))
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
        let presenter = try await harness.appeared(Harness.http(server, timeout: 60))
        #expect(presenter.viewState == .list(Fixtures.quirkyRows))

        // Declared past the limit: refused before the body, and the saved list stays under the banner.
        server.respond(with: LoopbackHTTPServer.Reply(body: Data("{}".utf8), framing: .declaredLength("100663297")))
        await harness.send(.refresh, to: presenter)
        #expect(
            presenter.viewState.banner?.detail
                == "The reply from \(server.url("articles").absoluteString) is larger than the 100663296-byte limit.")
        #expect(presenter.viewState.rows.count == 2)
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
        feature.handle(.appear)
        #expect(await harness.host.settle())
        #expect(feature.presenter.viewState.rows.map(\.title) == ["Fine"])
        #expect(feature.presenter.viewState.notices == ["3 articles from the server could not be read and were skipped."])
    }

    @Test("a feed that is a compression bomb or too large is refused while it arrives; the saved list stays")
    func hostileFeeds() async throws {
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let harness = try Harness()
        let feature = try harness.feature(.http(server.url("articles")))
        feature.handle(.appear)
        #expect(await harness.host.settle())
        #expect(feature.presenter.viewState.rows.count == 2)
        for attack in [
            HostileReply.compressionBomb(inflatedSize: 1 << 30, contentType: "application/json"),
            HostileReply.huge(size: 400 << 20, contentType: "application/json", framing: .chunked),
        ] {
            server.respond(with: attack)
            feature.presenter.send(.refresh)
            #expect(await harness.host.settle())
            #expect(feature.presenter.viewState.rows.count == 2, "the saved articles stay")
            let banner = try #require(feature.presenter.viewState.banner)
            #expect("\(banner)".contains("100663296-byte limit"), "\(banner)")  // the feed's own limit (`maximumFeedSize`)
        }
    }
}
