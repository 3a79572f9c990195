import FeatureHostCore

/// What tells one sample counter from another: its manifest (id, title, accepted sources, settings), and
/// whether it refuses to start. A test that needs its own id declares a variant; most use `SampleCounter`.
public protocol SampleCounterVariant {
    static var manifest: FeatureManifest { get }
    /// When set, `init(context:)` throws it: a feature that cannot start, shown as an error in its panel.
    static var startError: FeatureError? { get }
    /// Whether a conventions edit re-formats its clock in place (`reformat(for:)`); false (the default) has the host
    /// make it again, as for a feature that declares no `reformat`.
    static var reformatsInPlace: Bool { get }
}

extension SampleCounterVariant {
    public static var startError: FeatureError? { nil }
    public static var reformatsInPlace: Bool { false }
}

/// The plain sample counter.
public enum SampleCounter: SampleCounterVariant {
    public static let manifest = FeatureManifest(
        id: "sample-counter", title: "Sample counter", summary: "Counts seconds in the foreground.", settings: settings)

    /// The counter's settings, shared by every variant.
    public static let settings = [failSetting, urlSetting]
    public static let failSetting = SettingDeclaration(
        "fail", type: .bool, default: .bool(false), summary: "Refuse to start, for tests of a failing feature.")
    public static let urlSetting = SettingDeclaration(
        "url", type: .string, default: .string(""), summary: "A URL to fetch on appear; empty for none.")
}
