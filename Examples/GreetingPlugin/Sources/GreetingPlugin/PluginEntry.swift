import FeatureHostPluginKit

/// The library's one exported symbol: the host finds it with dlsym and checks the table's ABI version.
@_cdecl("featurehost_plugin_entry_v1")
public func featurehostPluginEntry() -> UnsafeRawPointer {
    PluginExport.table(for: GreetingFeature.self)
}
