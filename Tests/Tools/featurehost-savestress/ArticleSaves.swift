import CarNewsFeature
import FeatureHostCore
import FeatureHostRuntime
import Foundation

/// Car-news saving a reply of 10,000 articles into its offline table (`ArticleDatabase.save`, what a refresh does),
/// and opening it as the feature does at start (`ArticleDatabase` at `features/car-news/articles.sqlite`, the list,
/// the last refresh and the notices).
///
/// Generation N: ids (N % 3) × 1,000 + 0..<10,000 (so each save updates most rows, adds some and deletes some),
/// each titled with N, and the last refresh at `StressHost.date(of: N)`.
struct ArticleSaves: GenerationSaver {
    static let count = 10_000
    let file: URL

    init(host: StressHost) throws {
        file = host.environment.storageDirectory(for: "car-news").appendingPathComponent(ArticleDatabase.fileName)
    }

    private static func ids(_ generation: Int) -> Range<Int64> {
        let first = Int64(generation % 3) * 1_000
        return first..<(first + Int64(count))
    }

    private static func title(_ id: Int64, _ generation: Int) -> String { "Article \(id), generation \(generation)" }

    func save(generation: Int) async throws {
        let store = try ArticleDatabase(file: file, now: { Date() })
        // An ingress of a few hundred bytes, like the API's, so the file has the size of a real reply. No content
        // items: encoding 10,000 of them costs a debug build seconds per kill and adds nothing the ingress does not.
        let ingress = String(repeating: "Electric cars and the roads they drive on. ", count: 6)
        let articles = Self.ids(generation).map { id in
            Article(
                id: id, title: Self.title(id, generation), ingress: ingress, image: "https://example.com/\(id).jpg",
                published: Date(timeIntervalSince1970: 1_600_000_000 + TimeInterval(id) * 60))
        }
        try store.save(articles, at: StressHost.date(of: generation))
    }

    func read(candidates: [Int]) async -> ReadOutcome {
        do {
            let store = try ArticleDatabase(file: file, now: { Date() })
            let summaries = try store.summaries()
            let lastRefresh = try store.lastRefresh()
            let notices = store.takeNotices()
            guard notices.isEmpty else { return .damaged("notices: \(notices.joined(separator: " | "))") }
            let found =
                "\(summaries.count) articles, first titled \"\(summaries.first?.title ?? "none")\", last refresh \(lastRefresh.map { "\($0.timeIntervalSince1970)" } ?? "none")"
            return firstMatch(candidates, found: found) { generation in
                guard summaries.count == Self.count, lastRefresh == StressHost.date(of: generation) else { return false }
                let ids = Self.ids(generation)
                return summaries.allSatisfy { ids.contains($0.id) && $0.title == Self.title($0.id, generation) }
            }
        } catch {
            return .damaged("the store failed: \(error)")
        }
    }
}
