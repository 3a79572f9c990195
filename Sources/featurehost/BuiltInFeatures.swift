import ChatsFeature
import CarNewsFeature
import FeatureHostCore
import InvitationsFeature
import FeatureHostRuntime
import OfferCountdownFeature
import TransactionsFeature

/// The composition root's explicit list of compiled-in features, in home-screen order.
enum BuiltInFeatures {
    static var types: [any Feature.Type] {
        [
            // scaffold-feature: begin
            OfferCountdownFeature.self,
            TransactionsFeature.self,
            InvitationsFeature.self,
            ChatsFeature.self,
            CarNewsFeature.self,
            // scaffold-feature: end
        ]
    }

    static var registry: FeatureRegistry { FeatureRegistry(types) }
}
