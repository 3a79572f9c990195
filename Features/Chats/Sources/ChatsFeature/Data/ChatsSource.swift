import DataSources
import FeatureHostCore
import Foundation

/// What the presenter and the scene know about where chats come from: something that loads them. The kind
/// (bundled plist, JSON file, web service, in memory) is the config's choice, made in `ChatsSources.make`.
public typealias ChatsSource = AnyDataSource<Loaded<[Chat]>>

public enum ChatsSources {
    /// The source the context's config chose (the presenter counts its load as work in flight).
    public static func make(context: FeatureContext) throws -> ChatsSource {
        try DataSourceFactory.make([Chat].self, context: context, decoder: ChatsDecoding.payload, samples: samples)
    }

    /// The bundled sample in each form: `chats.plist`, `chats.json` and `ChatSamples.all`.
    public static var samples: SampleData<[Chat]> {
        SampleData(
            plistFile: Bundle.module.url(forResource: "chats", withExtension: "plist"),
            jsonFile: Bundle.module.url(forResource: "chats", withExtension: "json"),
            inMemory: { ChatSamples.all })
    }
}
