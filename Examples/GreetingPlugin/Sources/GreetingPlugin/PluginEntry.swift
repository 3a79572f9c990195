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

/// The optional reformat entry: a locale, hour cycle or time zone edit re-formats the clock in place (the greeting,
/// the time it has been open and its waves stay); without it the host would make the feature again.
@_cdecl("featurehost_plugin_reformat_entry_v1")
public func featurehostPluginReformatEntry() -> UnsafeRawPointer {
    PluginExport.reformatTable(for: GreetingFeature.self)
}
