import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import TransactionsFixtures

@testable import TransactionsFeature

@Suite @MainActor struct CacheNoticeTests {
    @Test func aDamagedPayloadCacheIsMovedAsideAndTheScreenSaysWhere() async throws {
        let server = try LoopbackHTTPServer()
        server.respond(with: .data(try Data(contentsOf: try #require(TransactionSamples.file)), contentType: "application/json"))
        let host = try TestHost()
        let cacheFile = host.payloadCacheFile
        try FileManager.default.createDirectory(at: cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a database, but maybe the only copy of something".utf8).write(to: cacheFile)
        let feature = try await TransactionsFeature.loaded(on: host, source: .http(server.url("transactions"), timeout: 5, cache: true))
        #expect(feature.presenter.viewState.status == .loaded)
        let notice = try #require(feature.presenter.viewState.notice)
        #expect(notice.hasPrefix("The cache \(cacheFile.path) was damaged"))
        #expect(notice.contains("it was moved to \(cacheFile.path).corrupt-"))
        let aside = try FileManager.default.contentsOfDirectory(atPath: cacheFile.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("payloads.sqlite.corrupt-") }
        #expect(aside.count == 1, "the damaged file is kept, never deleted")
    }
}
