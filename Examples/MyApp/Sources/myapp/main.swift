import FeatureHostApp
import Foundation
import OfferCountdownFeature
import OfferCountdownTerminal
import OfferCountdownWeb
import TipsFeature
import TransactionsFeature
import TransactionsTerminal
import TransactionsWeb

// The whole app: its name and its features, in home-screen order. The Terminal and Web imports bring each
// feature's surfaces (without them it would have no screen there).
let app = FeatureHostApp(name: "MyApp", features: [TipsFeature.self, OfferCountdownFeature.self, TransactionsFeature.self])
exit(await app.run(Array(CommandLine.arguments.dropFirst())))
