import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

/// The live (SQLite) and in-memory clients follow the same rules.
@Suite("The article store clients")
struct ArticleStoreClientTests {
    enum Kind: String, CaseIterable { case live, inMemory }

    private static func client(_ kind: Kind, in directory: TemporaryDirectory) -> any ArticleStoreClient {
        switch kind {
        case .live:
            LiveArticleStoreClient(
                file: directory.file(ArticleStore.fileName), now: { Date(timeIntervalSince1970: 1_773_664_440) })
        case .inMemory:
            InMemoryArticleStoreClient()
        }
    }

    @Test("save replaces the list, keeps the ids it is told to, reads back newest first", arguments: Kind.allCases)
    func sameRules(_ kind: Kind) async throws {
        let directory = try TemporaryDirectory("car-news-client")
        let client = Self.client(kind, in: directory)
        #expect(try await client.summaries().isEmpty)
        #expect(try await client.lastRefresh() == nil)
        let a = Fixtures.article(1, "A", minutes: 10)
        let b = Fixtures.article(2, "B", minutes: 20)
        let c = Fixtures.article(3, "C", minutes: 30)
        let first = Date(timeIntervalSince1970: 1_773_664_440)
        try await client.save([a, b, c], keeping: [], at: first)
        try await client.save([a], keeping: [2], at: first.addingTimeInterval(60))
        #expect(try await client.summaries() == [b.summary, a.summary])
        #expect(try await client.article(id: 1) == a)
        #expect(try await client.article(id: 3) == nil)
        #expect(try await client.lastRefresh() == first.addingTimeInterval(60))
        #expect(await client.takeNotices().isEmpty)
    }

    @Test("the live client opens its file when first used, not when made")
    func opensLazily() async throws {
        let directory = try TemporaryDirectory("car-news-client")
        let client = Self.client(.live, in: directory)
        #expect(!FileManager.default.fileExists(atPath: directory.file(ArticleStore.fileName).path))
        _ = try await client.summaries()
        #expect(FileManager.default.fileExists(atPath: directory.file(ArticleStore.fileName).path))
    }
}
