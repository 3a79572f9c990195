import CarNewsFeature
import FeatureHostCore
import FeatureHostRuntime

/// The composition root's explicit list of compiled-in features, in home-screen order.
enum BuiltInFeatures {
    static var types: [any Feature.Type] {
        [
            // scaffold-feature: begin
            CarNewsFeature.self,
            // scaffold-feature: end
        ]
    }

    static var registry: FeatureRegistry { FeatureRegistry(types) }
}
