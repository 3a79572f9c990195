import FeatureHostCore
import FeatureHostTesting

/// The shared sample counter under the id the in-process plugin tests export it with, accepting sources so
/// the manifest's every field crosses the boundary.
public enum PluginCounter: SampleCounterVariant {
    public static let manifest = FeatureManifest(
        id: "plugin-counter", title: "Plugin counter", summary: "Counts seconds across the plugin boundary.",
        acceptedSources: [.http, .inMemory], defaultSource: SourceConfiguration(kind: .inMemory),
        settings: SampleCounter.settings, bundledSamples: [.inMemory])
}

typealias PluginCounterFeature = SampleCounterFeature<PluginCounter>
