import DataSources
import FeatureHostCore
import Foundation
import TerminalUI

/// Car articles from the Apphuset API, readable offline from a SQLite table of the feature's own.
public struct CarNewsFeature: TerminalFeature, PresenterFeature {
    public static let defaultURL = URL(string: "https://www.apphusetreach.no/application/119267/article/get_articles_list")

    public static let manifest = FeatureManifest(
        id: "car-news", title: "Car News", summary: "Car articles from the API, readable offline.",
        acceptedSources: [.http, .jsonFile, .inMemory],
        defaultSource: SourceConfiguration(kind: .http, url: defaultURL, cache: true))

    public let presenter: CarNewsPresenter

    @MainActor
    public init(context: FeatureContext) throws {
        if let kind = context.source?.kind, !Self.manifest.acceptedSources.contains(kind) {
            throw FeatureError(
                "\(context.id) reads the API's JSON: its source kind must be http, json-file or in-memory, found \(kind).")
        }
        // The feature's table is its cache, so the source must not also keep the payload in the host's cache.
        let source = try DataSourceFactory.make(
            ArticleFeed.self, context: context, decoder: CarNewsSamples.decoder, samples: CarNewsSamples.data,
            useSharedCache: false)
        let (store, notices) = try Self.openStore(context)
        presenter = CarNewsPresenter(
            refresher: ArticleRefresher(source: source, store: store, now: context.now),
            formatter: PublishDateFormatter(timeZone: context.timeZone, hourCycle: context.hourCycle), now: context.now,
            activity: context.activity, timeline: context.makeTimeline(), notices: notices)
    }

    @MainActor
    public func makeScene() -> any TerminalScene { CarNewsScene(presenter: presenter) }

    /// The articles table in the storage directory; `"cache": false` on an http source keeps it in memory only. A
    /// file that cannot be opened at all (not damage, which the store repairs) costs offline reading, not the feature.
    static func openStore(_ context: FeatureContext) throws -> (ArticleStore, [String]) {
        if let source = context.source, source.kind == .http, !source.cache {
            return (try ArticleStore(file: nil, now: context.now), [])
        }
        let file = context.storageDirectory.appendingPathComponent(ArticleStore.fileName)
        do {
            return (try ArticleStore(file: file, now: context.now), [])
        } catch {
            let notice =
                "Articles cannot be saved for offline reading (\(error.userFacingMessage)); they are kept in memory only."
            return (try ArticleStore(file: nil, now: context.now), [notice])
        }
    }
}
