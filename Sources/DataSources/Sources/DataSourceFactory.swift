import FeatureHostCore
import Foundation

/// Builds the source the config chose for a feature. The feature names its record type, its decoder and
/// its samples; the config names the kind. Presenters only ever see the `AnyDataSource` this returns.
public enum DataSourceFactory {
    /// - Parameter useSharedCache: pass `false` when the feature keeps its own offline copy, so a cached
    ///   `http` source does not also fill the host's payload cache.
    /// - Parameter maximumBodySize: the largest reply an `http` source reads (a feed that is known to be large
    ///   names its own, documented limit).
    public static func make<Record: Sendable>(
        _ record: Record.Type = Record.self, context: FeatureContext, decoder: PayloadDecoder<Record>,
        samples: SampleData<Record>, useSharedCache: Bool = true,
        maximumBodySize: Int = HTTPSource<Record>.defaultMaximumBodySize
    ) throws -> AnyDataSource<Loaded<Record>> {
        guard let configuration = context.source else {
            throw FeatureError("\(context.id) has no data source configured.")
        }
        // Not counted in flight here: the presenter's effect that calls `load()` counts it until its result
        // is applied, and the host's transport counts each request.
        return try make(
            configuration, context: context, decoder: decoder, samples: samples, useSharedCache: useSharedCache,
            maximumBodySize: maximumBodySize)
    }

    private static func make<Record: Sendable>(
        _ configuration: SourceConfiguration, context: FeatureContext, decoder: PayloadDecoder<Record>,
        samples: SampleData<Record>, useSharedCache: Bool, maximumBodySize: Int
    ) throws -> AnyDataSource<Loaded<Record>> {
        switch configuration.kind {
        case .plist, .jsonFile:
            let bundled = configuration.kind == .plist ? samples.plistFile : samples.jsonFile
            guard let file = configuration.path ?? bundled else {
                throw FeatureError("\(context.id) has no bundled \(configuration.kind) sample: set \"path\" in its source.")
            }
            return AnyDataSource(FileSource(file: file, format: PayloadFormat(kind: configuration.kind), decoder: decoder))
        case .inMemory:
            guard let make = samples.inMemory else {
                throw FeatureError("\(context.id) has no in-memory sample.")
            }
            return AnyDataSource { Loaded(try make()) }
        case .http:
            guard let url = configuration.url else {
                throw FeatureError("\(context.id): an http source needs a \"url\".")
            }
            let http = HTTPSource(
                url: url, timeout: configuration.timeout, transport: context.transport, decoder: decoder,
                maximumBodySize: maximumBodySize, format: configuration.format)
            guard configuration.cache, useSharedCache else { return AnyDataSource(http) }
            return AnyDataSource(
                CachedHTTPSource(
                    source: http, cacheFile: context.payloadCacheFile, key: "\(context.id) \(url.absoluteString)",
                    now: context.now))
        }
    }
}
