// Feature modules, one import each; `swift package scaffold-feature` adds them between these markers.
// scaffold-feature-imports: begin
import CarNewsFeature
import ChatsFeature
import InvitationsFeature
import OfferCountdownFeature
import TransactionsFeature
// scaffold-feature-imports: end
import FeatureHostCore
import FeatureHostRuntime

/// The composition root's explicit list of compiled-in features, in home-screen order.
enum BuiltInFeatures {
    static var types: [any Feature.Type] {
        [
            // scaffold-feature: begin
            OfferCountdownFeature.self,
            CarNewsFeature.self,
            ChatsFeature.self,
            InvitationsFeature.self,
            TransactionsFeature.self,
            // scaffold-feature: end
        ]
    }

    static var registry: FeatureRegistry { FeatureRegistry(types) }
}
