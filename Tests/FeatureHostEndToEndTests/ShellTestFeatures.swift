import FeatureHostCore
import FeatureHostTesting

/// The shell tests' features: the shared sample counter as "test-ticker", and one that cannot start. Their ids
/// say "test", so no feature a person scaffolds takes them (the plugin tests run the real binary with them).
enum Ticker: SampleCounterVariant {
    static let manifest = FeatureManifest(id: "test-ticker", title: "Ticker", summary: "Counts seconds in the foreground.")
}

enum Broken: SampleCounterVariant {
    static let manifest = FeatureManifest(id: "test-broken", title: "Broken", summary: "Fails to start.")
    static let startError: FeatureError? = FeatureError("its data file is missing")
}

typealias TickerFeature = SampleCounterFeature<Ticker>
typealias BrokenFeature = SampleCounterFeature<Broken>
