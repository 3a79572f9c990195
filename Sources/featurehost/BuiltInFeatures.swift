import CarNewsFeature
import ChatsFeature
import FeatureHostCore
import FeatureHostRuntime
import InvitationsFeature
import OfferCountdownFeature
import TransactionsFeature

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
