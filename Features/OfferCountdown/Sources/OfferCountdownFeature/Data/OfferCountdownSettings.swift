import FeatureHostCore

/// The feature's settings, read and checked once: `duration` and `rollDuration`, in seconds.
struct OfferCountdownSettings: Equatable {
    static let durationSetting = SettingDeclaration(
        "duration", type: .number(1...Double(CountdownFormat.maximumSeconds)), default: .number(86_400),
        summary: "Where the countdown starts, in seconds; at most 99 days 23:59:59 (8639999).")
    static let rollDurationSetting = SettingDeclaration(
        "rollDuration", type: .number(0...0.95), default: .number(0.35),
        summary: "How long a changing digit rolls, in seconds; 0 switches the roll off.")
    /// What the manifest declares, and what `init` reads: one list, so validation and start agree.
    static let declarations = [durationSetting, rollDurationSetting]

    /// Where the countdown starts; at most what four two-digit boxes show (99 days 23:59:59).
    var duration: Duration
    /// How long a changing digit rolls; under a second so one roll ends before the next change; 0 = no roll.
    var rollDuration: Duration

    init(_ settings: FeatureSettings) throws {
        let duration = try settings.number(Self.durationSetting)
        let roll = try settings.number(Self.rollDurationSetting)
        self.duration = .seconds(duration)
        self.rollDuration = .seconds(roll)
    }
}
