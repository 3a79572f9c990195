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
        #expect(!FileManager.default.fileExists(atPath: harness.host.environment.payloadCacheFile.path))
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
}
