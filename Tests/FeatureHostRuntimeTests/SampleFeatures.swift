import Foundation
import FeatureHostCore

/// Features with known manifests, so config validation is tested without the product's features.
struct AlphaFeature: Feature {
    static let manifest = FeatureManifest(
        id: "alpha", title: "Alpha", summary: "Reads any kind.", acceptedSources: [.plist, .jsonFile, .http, .inMemory],
        defaultSource: SourceConfiguration(kind: .plist), settingsKeys: ["currency", "speed"])
    init(context: FeatureContext) throws {}
}

struct BetaFeature: Feature {
    static let manifest = FeatureManifest(id: "beta", title: "Beta", summary: "Has no data source.")
    init(context: FeatureContext) throws {}
}

struct WebOnlyFeature: Feature {
    static let manifest = FeatureManifest(
        id: "web-only", title: "Web only", summary: "Reads the web.", acceptedSources: [.http, .inMemory],
        defaultSource: .http(URL(string: "https://example.org/feed") ?? URL(fileURLWithPath: "/")))
    init(context: FeatureContext) throws {}
}

struct FailingFeature: Feature {
    static let manifest = FeatureManifest(id: "failing", title: "Failing", summary: "Never starts.")
    init(context: FeatureContext) throws { throw FeatureError("the widget file is missing") }
}

struct DuplicateAlpha: Feature {
    static let manifest = FeatureManifest(id: "alpha", title: "Alpha again", summary: "Clashes.")
    init(context: FeatureContext) throws {}
}

