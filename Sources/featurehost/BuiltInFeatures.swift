// Feature modules, two imports each (the feature and its terminal surface, whose conformance the shell
// needs); `swift package scaffold-feature` adds them between these markers.
// scaffold-feature-imports: begin
import CarNewsFeature
import CarNewsTerminal
import ChatsFeature
import ChatsTerminal
import InvitationsFeature
import InvitationsTerminal
import OfferCountdownFeature
import OfferCountdownTerminal
import TransactionsFeature
import TransactionsTerminal
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
