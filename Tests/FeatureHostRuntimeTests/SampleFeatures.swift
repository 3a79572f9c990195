import FeatureHostCore
import Foundation

/// Features with known manifests, so config validation is tested without the product's features.
struct AlphaFeature: Feature {
    static let manifest = FeatureManifest(
        id: "alpha", title: "Alpha", summary: "Reads any kind.", acceptedSources: [.plist, .jsonFile, .http, .inMemory],
        defaultSource: SourceConfiguration(kind: .plist),
        settings: [
            SettingDeclaration("currency", type: .currencyCode, default: .string("USD"), summary: "Amounts in this currency."),
            SettingDeclaration("loud", type: .bool, default: .bool(false), summary: "Shouts."),
            SettingDeclaration("name", type: .string, default: .string("Ada"), summary: "Who is greeted."),
            SettingDeclaration("speed", type: .number(0...10), default: .number(1), summary: "How fast, in steps a second."),
        ],
        // No json-file sample: a json-file source needs a path.
        bundledSamples: [.plist, .inMemory])
    init(context: FeatureContext) throws {}
    func handle(_ event: LifecycleEvent) {}
}

struct BetaFeature: Feature {
    static let manifest = FeatureManifest(id: "beta", title: "Beta", summary: "Has no data source.")
    init(context: FeatureContext) throws {}
    func handle(_ event: LifecycleEvent) {}
}

struct WebOnlyFeature: Feature {
    static let manifest = FeatureManifest(
        id: "web-only", title: "Web only", summary: "Reads the web.", acceptedSources: [.http, .inMemory],
        defaultSource: .http(URL(string: "https://example.org/feed") ?? URL(fileURLWithPath: "/")))
    init(context: FeatureContext) throws {}
    func handle(_ event: LifecycleEvent) {}
}

struct FailingFeature: Feature {
    static let manifest = FeatureManifest(id: "failing", title: "Failing", summary: "Never starts.")
    init(context: FeatureContext) throws { throw FeatureError("the widget file is missing") }
    func handle(_ event: LifecycleEvent) {}
}

struct DuplicateAlpha: Feature {
    static let manifest = FeatureManifest(id: "alpha", title: "Alpha again", summary: "Clashes.")
    init(context: FeatureContext) throws {}
    func handle(_ event: LifecycleEvent) {}
}

/// Records the lifecycle events the session delivers to it.
final class RecordingFeature: Feature {
    static let manifest = FeatureManifest(id: "recording", title: "Recording", summary: "Keeps what it hears.")
    private(set) var events: [LifecycleEvent] = []
    init(context: FeatureContext) throws {}
    init() {}
    func handle(_ event: LifecycleEvent) { events.append(event) }
}
