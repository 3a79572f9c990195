import FeatureHostCore

/// The launch and loading screens' timings, from the feature's settings (seconds), and how finely they are sampled.
public struct ChatsSettings: Sendable, Equatable {
    /// How long the launch screen (the logo alone) shows before the loading screen (`launchDuration`, 0.5 s).
    public var launchDuration: Duration
    /// One cross-dissolve from a loader frame to the next (`frameDuration`, 0.1 s).
    public var frameDuration: Duration
    /// How long the loading screen shows at least (`loadingDuration`, 2.0 s).
    public var loadingDuration: Duration
    /// The hand-over animation to the list (`transitionDuration`, 0.3 s).
    public var transitionDuration: Duration
    /// The loader's pictures, looped: six, like the original's `loader1…6.png`.
    public var loaderFrameCount: Int
    /// Ticks per cross-dissolve; 4 gives 40 frames per second at 0.1 s and lands on the midpoint.
    public var samplesPerDissolve: Int
    /// Ticks per transition; even, so the midpoint is drawn; 12 gives 40 frames per second at 0.3 s.
    public var samplesPerTransition: Int

    public static let standard = ChatsSettings(frameDuration: 0.1, loadingDuration: 2.0, transitionDuration: 0.3, launchDuration: 0.5)

    /// The settings, in seconds, as the manifest declares them and `init(settings:)` reads them.
    public static let frameDurationSetting = SettingDeclaration(
        "frameDuration", type: .number(0.01...10), default: .number(0.1),
        summary: "One cross-dissolve from a loader picture to the next, in seconds.")
    public static let loadingDurationSetting = SettingDeclaration(
        "loadingDuration", type: .number(0...60), default: .number(2.0),
        summary: "How long the loading screen shows at least, in seconds.")
    public static let transitionDurationSetting = SettingDeclaration(
        "transitionDuration", type: .number(0...10), default: .number(0.3),
        summary: "The hand-over animation from the loading screen to the list, in seconds.")
    public static let launchDurationSetting = SettingDeclaration(
        "launchDuration", type: .number(0...10), default: .number(0.5),
        summary: "How long the launch screen (the logo alone) shows before the loader, in seconds.")
    public static let declarations = [launchDurationSetting, frameDurationSetting, loadingDurationSetting, transitionDurationSetting]

    public init(
        frameDuration: Double, loadingDuration: Double, transitionDuration: Double, launchDuration: Double = 0.5,
        loaderFrameCount: Int = 6, samplesPerDissolve: Int = 4, samplesPerTransition: Int = 12
    ) {
        self.launchDuration = .exactly(seconds: launchDuration)
        self.frameDuration = .exactly(seconds: frameDuration)
        self.loadingDuration = .exactly(seconds: loadingDuration)
        self.transitionDuration = .exactly(seconds: transitionDuration)
        self.loaderFrameCount = max(1, loaderFrameCount)
        self.samplesPerDissolve = max(1, samplesPerDissolve)
        self.samplesPerTransition = max(1, samplesPerTransition)
    }

    /// Reads and validates the four settings; a bad value fails with a message naming the key and the range.
    public init(settings: FeatureSettings) throws {
        self.init(
            frameDuration: try settings.number(Self.frameDurationSetting),
            loadingDuration: try settings.number(Self.loadingDurationSetting),
            transitionDuration: try settings.number(Self.transitionDurationSetting),
            launchDuration: try settings.number(Self.launchDurationSetting))
    }
}

extension Duration {
    /// `seconds` rounded to whole nanoseconds: `Duration.seconds(0.3)` would carry the binary error of 0.3
    /// (299,999,999.99… ns) and put the transition's end a nanosecond early.
    static func exactly(seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1_000_000_000).rounded()))
    }

    /// Whole nanoseconds, for exact arithmetic on animation instants.
    var nanoseconds: Int64 {
        let parts = components
        return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }
}
