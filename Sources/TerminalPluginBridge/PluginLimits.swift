import FeatureHostPluginWire

/// How long the host waits for a plugin and how much it accepts from one. Past a bound the plugin is stopped
/// (`PluginStops`) and its panel says which bound and by whom; the other features go on.
public struct PluginLimits: Sendable, Equatable {
    /// Real time the host waits for a plugin's `done` after asking it to advance its virtual clock. Real, not
    /// the host's clock: the host's manual clock stands still while it waits, so a virtual bound would never
    /// pass. A settled advance takes micro- to milliseconds; the default leaves room for a loaded CI machine.
    public var advanceTimeout: Duration = .seconds(5)
    /// One rendered frame in `FrameCodec` form. An 80×24 frame is under 10 KiB; a 500×200 one with a style
    /// per cell about 1 MiB.
    public var frameBytes = 8 << 20
    /// The footer's key hints as JSON.
    public var keyHintBytes = 64 << 10
    /// One render of the web scene's HTML: `ForeignMarkup` refuses more anyway, so more is never kept.
    public var htmlBytes = 1 << 20
    /// The message `create` writes when it fails; a longer one is cut.
    public var errorMessageBytes = 64 << 10

    public init() {}

    public static let standard = PluginLimits()
}
