import DataSources
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

/// The feature as the host builds it from a config file: what `featurehost snapshot car-news` goes through.
@MainActor
@Suite("Car news from a config file")
struct HostConfigTests {
    @Test("an http source on the loopback server works, saves into the feature's own table and not the payload cache")
    func loopbackConfig() async throws {
        let server = try LoopbackHTTPServer()
        server.respond(with: .json(Fixtures.quirkyReply))
        let directory = try TemporaryDirectory("car-news-config")
        let config = try directory.write(
            #"{"features":[{"id":"car-news","source":{"kind":"http","url":"http://127.0.0.1:\#(server.port)/articles"}}]}"#,
            to: "featurehost.json")
        let registry = FeatureRegistry([CarNewsFeature.self])
        let resolved = try #require(
            ResolvedFeature.enabled(in: try ConfigLoader(registry: registry).load(config), registry: registry).first)
        #expect(resolved.source == .http(server.url("articles")))

        let clock = TestClock()
        let start = Date(timeIntervalSince1970: 1_773_664_440)
        let environment = HostEnvironment(
            clock: clock, now: { start }, transport: LoopbackOnlyTransport(), dataDirectory: directory.file("data"),
            locale: Locale(identifier: "en_GB"), timeZone: TimeZone(identifier: "UTC") ?? .current)
        let launched = FeatureLauncher(environment: environment).launch(resolved)
        guard case .running(let running) = launched.outcome, let feature = running as? CarNewsFeature else {
            Issue.record("car-news did not start: \(launched.outcome)")
            return
        }
        feature.handle(.appear)
        #expect(await IdleWaiter.wait(for: environment.activity, timeout: 10))
        #expect(feature.presenter.viewState == .list(Fixtures.quirkyRows))
        #expect(server.requests.map(\.path) == ["/articles"])
        #expect(FileManager.default.fileExists(atPath: directory.file("data/features/car-news/articles.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: environment.payloadCacheFile.path))
    }

    @Test("with no source in the config, the default is the real API, cached")
    func defaultSource() {
        #expect(
            CarNewsFeature.manifest.defaultSource
                == .http(URL(string: "https://www.apphusetreach.no/application/119267/article/get_articles_list")!, cache: true))
        #expect(CarNewsFeature.manifest.acceptedSources == [.http, .jsonFile, .inMemory])
        #expect(CarNewsFeature.manifest.id == "car-news")
    }
}
