// Feature modules: the feature and each surface it has (the terminal's conformance for the shell, the web's
// for `serve`); `swift package scaffold-feature` adds them between these markers.
// scaffold-feature-imports: begin
import CarNewsFeature
import CarNewsTerminal
import CarNewsWeb
import ChatsFeature
import ChatsTerminal
import ChatsWeb
// scaffold-feature-imports: end
import FeatureHostCore
import InvitationsFeature
import InvitationsTerminal
import InvitationsWeb
import OfferCountdownFeature
import OfferCountdownTerminal
import OfferCountdownWeb
import TransactionsFeature
import TransactionsTerminal
import TransactionsWeb

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
}
