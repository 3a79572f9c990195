import FeatureHostCore
import FeatureHostPluginKit
import FeatureHostTesting

/// The shared sample counter under the id the plugin tests export it with, accepting sources so the manifest's
/// every field crosses the boundary. Built as `libPluginCounter.so` (the package's `PluginCounter` product), which the
/// tests load in its own process; they also run it built in, beside a plugin.
public enum PluginCounter: SampleCounterVariant {
    public static let manifest = FeatureManifest(
        id: "plugin-counter", title: "Plugin counter", summary: "Counts seconds across the plugin boundary.",
        acceptedSources: [.http, .inMemory], defaultSource: SourceConfiguration(kind: .inMemory),
        settings: SampleCounter.settings, bundledSamples: [.inMemory])
    /// So the reformat entry has something to do: its clock follows a locale edit in its process.
    public static let reformatsInPlace = true
}

public typealias PluginCounterFeature = SampleCounterFeature<PluginCounter>

/// The library's entry: the kit's table for the counter.
@_cdecl("featurehost_plugin_entry_v1")
public func pluginCounterEntry() -> UnsafeRawPointer {
    PluginExport.table(for: PluginCounterFeature.self)
}

/// The optional web entry.
@_cdecl("featurehost_plugin_web_entry_v1")
public func pluginCounterWebEntry() -> UnsafeRawPointer {
    PluginExport.webTable(for: PluginCounterFeature.self)
}

/// The optional reformat entry: a locale edit re-formats the counter's clock in its process.
@_cdecl("featurehost_plugin_reformat_entry_v1")
public func pluginCounterReformatEntry() -> UnsafeRawPointer {
    PluginExport.reformatTable(for: PluginCounterFeature.self)
}
