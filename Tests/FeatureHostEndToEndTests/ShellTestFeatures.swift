import FeatureHostCore
import FeatureHostTesting

/// The shell tests' features: the shared sample counter as "ticker", and one that cannot start.
enum Ticker: SampleCounterVariant {
    static let manifest = FeatureManifest(id: "ticker", title: "Ticker", summary: "Counts seconds in the foreground.")
}

enum Broken: SampleCounterVariant {
    static let manifest = FeatureManifest(id: "broken", title: "Broken", summary: "Fails to start.")
    static let startError: FeatureError? = FeatureError("its data file is missing")
}

typealias TickerFeature = SampleCounterFeature<Ticker>
typealias BrokenFeature = SampleCounterFeature<Broken>
