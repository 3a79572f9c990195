import DataSources
import FeatureHostCore
import Foundation

/// What the presenter and the scene know about where chats come from: something that loads them. The kind
/// (bundled plist, JSON file, web service, in memory) is the config's choice, made in `ChatsSources.make`.
public typealias ChatsSource = AnyDataSource<Loaded<[Chat]>>

public enum ChatsSources {
    /// The source the context's config chose (the presenter counts its load as work in flight).
    public static func make(context: FeatureContext) throws -> ChatsSource {
        let source = try DataSourceFactory.make([Chat].self, context: context, decoder: ChatsDecoding.payload, samples: samples)
        guard servesBundledSample(context.source) else { return source }
        // The sample's recent dates follow the clock, read at each load (see `ChatSamples`).
        let now = context.now
        return ChatsSource { try await source.load().map { ChatSamples.relative($0, to: now()) } }
    }

    /// The plist or JSON kind without a `path` (the bundled file), or the in-memory kind.
    static func servesBundledSample(_ configuration: SourceConfiguration?) -> Bool {
        guard let configuration else { return false }
        switch configuration.kind {
        case .plist, .jsonFile: return configuration.path == nil
        case .inMemory: return true
        case .http: return false
        }
    }

    /// The bundled sample in each form: `chats.plist`, `chats.json` and `ChatSamples.all`.
    public static var samples: SampleData<[Chat]> {
        SampleData(
            plistFile: Bundle.module.url(forResource: "chats", withExtension: "plist"),
            jsonFile: Bundle.module.url(forResource: "chats", withExtension: "json"),
            inMemory: { ChatSamples.all })
    }
}
