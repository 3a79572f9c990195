import CarNewsFixtures
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

/// The live (SQLite) and in-memory clients follow the same rules.
@Suite("The article store clients")
struct ArticleStoreClientTests {
    enum Kind: String, CaseIterable { case live, inMemory }

    private static func client(_ kind: Kind, in directory: TemporaryDirectory) -> any ArticleClient {
        switch kind {
        case .live:
            LiveArticleClient(
                file: directory.file(ArticleDatabase.fileName), origin: "http http://127.0.0.1:8080/articles",
                now: { Date(timeIntervalSince1970: 1_773_664_440) })
        case .inMemory:
            InMemoryArticleClient()
        }
    }

    @Test("save replaces the list, keeps the ids it is told to, reads back newest first", arguments: Kind.allCases)
    func sameRules(_ kind: Kind) async throws {
        let directory = try TemporaryDirectory("car-news-client")
        let client = Self.client(kind, in: directory)
        #expect(try await client.window(around: .index(0), size: 10) == .empty)
        #expect(try await client.lastRefresh() == nil)
        let a = Fixtures.article(1, "A", minutes: 10)
        let b = Fixtures.article(2, "B", minutes: 20)
        let c = Fixtures.article(3, "C", minutes: 30)
        let first = Date(timeIntervalSince1970: 1_773_664_440)
        try await client.save([a, b, c], keeping: [], at: first)
        try await client.save([a], keeping: [2], at: first.addingTimeInterval(60))
        #expect(
            try await client.window(around: .index(0), size: 10)
                == ArticleWindow(total: 2, offset: 0, summaries: [b.summary, a.summary], anchorIndex: 0))
        #expect(try await client.article(id: 1) == a)
        #expect(try await client.article(id: 3) == nil)
        #expect(try await client.lastRefresh() == first.addingTimeInterval(60))
        #expect(await client.takeNotices().isEmpty)
    }

    @Test("the live client opens its file when first used, not when made")
    func opensLazily() async throws {
        let directory = try TemporaryDirectory("car-news-client")
        let client = Self.client(.live, in: directory)
        #expect(!FileManager.default.fileExists(atPath: directory.file(ArticleDatabase.fileName).path))
        _ = try await client.window(around: .index(0), size: 10)
        #expect(FileManager.default.fileExists(atPath: directory.file(ArticleDatabase.fileName).path))
    }

    @Test("a window of the list: centred on its anchor, clamped to the ends, an article found wherever it moved", arguments: Kind.allCases)
    func windows(_ kind: Kind) async throws {
        let directory = try TemporaryDirectory("car-news-client")
        let client = Self.client(kind, in: directory)
        // 1,000 articles, two a minute: ids 1...1000, newest (highest) first, so position i is id 1000 - i; the
        // same minute orders by id.
        let articles = (1...1000).map { Fixtures.article(Int64($0), "Car \($0)", minutes: $0 / 2) }
        try await client.save(articles, keeping: [], at: Date(timeIntervalSince1970: 1_773_664_440))
        func ids(_ window: ArticleWindow) -> [Int64] { window.summaries.map(\.id) }

        let first = try await client.window(around: .index(0), size: 10)
        #expect((first.total, first.offset, first.anchorIndex) == (1000, 0, 0))
        #expect(ids(first) == Array((991...1000).reversed()))
        let middle = try await client.window(around: .index(500), size: 10)
        #expect((middle.offset, middle.anchorIndex, middle.end) == (495, 500, 505))
        #expect(ids(middle) == Array((496...505).reversed()))
        let last = try await client.window(around: .index(5_000), size: 10)
        #expect((last.offset, last.anchorIndex) == (990, 999))
        #expect(ids(last) == Array((1...10).reversed()))
        let article = try await client.window(around: .article(id: 250, orIndex: 3), size: 10)
        #expect(article.anchorIndex == 750)
        #expect(article.summary(at: 750)?.id == 250)
        let gone = try await client.window(around: .article(id: 5_000, orIndex: 3), size: 10)
        #expect((gone.offset, gone.anchorIndex) == (0, 3))
        #expect(try await client.window(around: .index(-7), size: 10).anchorIndex == 0)
    }
}
