import CFeatureHostPluginABI

/// The constants of `featurehost_plugin.h`, typed for Swift.
public enum PluginABI {
    public static let version = UInt32(FEATUREHOST_PLUGIN_ABI_VERSION)
    public static let entrySymbol = FEATUREHOST_PLUGIN_ENTRY_SYMBOL
    /// Libraries are `.dylib` on Apple platforms and `.so` elsewhere.
    #if canImport(Darwin)
        public static let libraryExtension = "dylib"
    #else
        public static let libraryExtension = "so"
    #endif
}
