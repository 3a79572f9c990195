import CarNewsFeature
import FeatureHostCore
import FeatureHostRuntime
import FeatureHostRuntimeTesting
import FeatureHostTesting
import Foundation
import Testing

/// Car news as the host assembles it from a config file, in process: config → registry → launcher → the
/// running feature, the path `featurehost snapshot car-news` takes. What the feature then shows is checked in
/// its own tests (`HTTPSourceTests`), on the context `TestHost` builds the same way.
@MainActor
@Suite("Car news from a config file")
struct CarNewsFromConfigTests {
    @Test("an http source on the loopback server works, saves into the feature's own table and not the payload cache")
    func loopbackConfig() async throws {
        let server = try LoopbackHTTPServer()
        let sample = try Data(contentsOf: SnapshotTests.resource("CarNews/Sources/CarNewsFeature/Resources/car-news-sample.json"))
        server.respond(with: .data(sample, contentType: "application/json"))
        let host = try TestHost()
        let config = try host.directory.write(
            #"{"features":[{"id":"car-news","source":{"kind":"http","url":"http://127.0.0.1:\#(server.port)/articles"}}]}"#,
            to: "featurehost.json")
        let registry = FeatureRegistry([CarNewsFeature.self])
        let resolved = try #require(
            ResolvedFeature.enabled(in: try ConfigLoader(registry: registry).load(config), registry: registry).first)
        #expect(resolved.source == .http(server.url("articles")))

        let launched = FeatureLauncher(environment: host.environment).launch(resolved)
        guard case .running(let running) = launched.outcome, let feature = running as? CarNewsFeature else {
            Issue.record("car-news did not start: \(launched.outcome)")
            return
        }
        feature.handle(.appear)
        #expect(await host.settle())
        #expect(feature.presenter.viewState.rows.first?.title == "Electric SUVs: what a winter test taught us", "the newest first")
        #expect(server.requests.map(\.path) == ["/articles"])
        #expect(FileManager.default.fileExists(atPath: host.directory.file("features/car-news/articles.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: host.payloadCacheFile.path))
    }
}
