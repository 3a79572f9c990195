import FeatureHostPluginKit

/// The library's one exported symbol: the host finds it with dlsym and checks the table's ABI version.
@_cdecl("featurehost_plugin_entry_v1")
public func featurehostPluginEntry() -> UnsafeRawPointer {
    PluginExport.table(for: GreetingFeature.self)
}

/// The optional web entry: without it the plugin still runs in the terminal, and the web shows a "no web
/// view" panel for it.
@_cdecl("featurehost_plugin_web_entry_v1")
public func featurehostPluginWebEntry() -> UnsafeRawPointer {
    PluginExport.webTable(for: GreetingFeature.self)
}
