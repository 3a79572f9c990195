import DataSources
import FeatureHostCore
import Foundation

/// Car articles from the Apphuset API, readable offline from a SQLite table of the feature's own. Building it
/// starts nothing: the saved list is read and the refresh starts on `.appear`.
public struct CarNewsFeature: PresenterFeature {
    public static let defaultURL = URL(string: "https://www.apphusetreach.no/application/119267/article/get_articles_list")

    public static let manifest = FeatureManifest(
        id: "car-news", title: "Car News", summary: "Car articles from the API, readable offline.",
        acceptedSources: [.http, .jsonFile, .inMemory],
        defaultSource: SourceConfiguration(kind: .http, url: defaultURL, cache: true),
        bundledSamples: [.jsonFile, .inMemory])

    /// The largest feed reply read: 100,000 articles of the real schema with a paragraph of content each are
    /// about 70 MB, over the 16 MiB a source reads by default. A hostile server can make a refresh hold up to twice
    /// this before it is refused (docs/reliability.md, "Limits"), so it is no larger than 100,000 articles need.
    public static let maximumFeedSize = 96 * 1024 * 1024

    public let presenter: CarNewsPresenter
    /// The user's, for the counts a surface words itself (the web page's pager): the presenter's, which follows
    /// a change of conventions.
    @MainActor public var locale: Locale { presenter.locale }

    @MainActor
    public init(context: FeatureContext) throws {
        if let kind = context.source?.kind, !Self.manifest.acceptedSources.contains(kind) {
            throw FeatureError(
                "\(context.id) reads the API's JSON: its source kind must be http, json-file or in-memory, found \(kind).")
        }
        // The feature's table is its cache, so the source must not also keep the payload in the host's cache.
        let source = try DataSourceFactory.make(
            ArticleFeed.self, context: context, decoder: CarNewsSamples.decoder, samples: CarNewsSamples.data,
            useSharedCache: false, maximumBodySize: Self.maximumFeedSize)
        presenter = CarNewsPresenter(
            source: source, store: Self.makeStore(context),
            formatter: PublishDateFormatter(timeZone: context.timeZone, hourCycle: context.hourCycle), now: context.now,
            locale: context.locale, effects: context.makeEffects(), timeline: context.makeTimeline(), images: context.images)
    }

    /// The articles table in the storage directory, opened when first used; `"cache": false` on an http source
    /// keeps the articles in memory only.
    static func makeStore(_ context: FeatureContext) -> any ArticleClient {
        if let source = context.source, source.kind == .http, !source.cache {
            return InMemoryArticleClient()
        }
        return LiveArticleClient(
            file: context.storageDirectory.appendingPathComponent(ArticleDatabase.fileName),
            origin: (context.source ?? manifest.defaultSource).map(ArticleDatabase.origin), now: context.now)
    }

    /// New conventions (the config's locale or clock): the same articles and selection, dates and counts again.
    @MainActor
    public func reformat(for conventions: FormatConventions) -> Bool {
        presenter.reformat(
            dates: PublishDateFormatter(timeZone: conventions.timeZone, hourCycle: conventions.hourCycle), locale: conventions.locale)
        return true
    }
}
