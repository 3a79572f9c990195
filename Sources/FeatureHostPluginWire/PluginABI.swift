import CFeatureHostPluginABI

/// The constants of `featurehost_plugin.h`, typed for Swift.
public enum PluginABI {
    public static let version = UInt32(FEATUREHOST_PLUGIN_ABI_VERSION)
    public static let entrySymbol = FEATUREHOST_PLUGIN_ENTRY_SYMBOL
    /// The optional web entry's table version and symbol (a library without it is terminal-only).
    public static let webVersion = UInt32(FEATUREHOST_PLUGIN_WEB_ABI_VERSION)
    public static let webEntrySymbol = FEATUREHOST_PLUGIN_WEB_ENTRY_SYMBOL
    /// The optional reformat entry's table version and symbol (a library without it is made again on a locale edit).
    public static let reformatVersion = UInt32(FEATUREHOST_PLUGIN_REFORMAT_ABI_VERSION)
    public static let reformatEntrySymbol = FEATUREHOST_PLUGIN_REFORMAT_ENTRY_SYMBOL
    /// Libraries are `.dylib` on Apple platforms and `.so` elsewhere.
    #if canImport(Darwin)
        public static let libraryExtension = "dylib"
    #else
        public static let libraryExtension = "so"
    #endif
}

/// Virtual time crosses the boundary as whole nanoseconds since the instance was created.
public enum PluginTime {
    /// `duration` in nanoseconds, saturating: a timer set for "forever" must not trap.
    public static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return Int64.max }
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowAgain ? Int64.max : total
    }
}
