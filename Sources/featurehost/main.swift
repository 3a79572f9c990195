import FeatureHostApp
import Foundation

// The whole command line is FeatureHostApp's; this executable is that app over the five built-in features.
let app = FeatureHostApp(name: "FeatureHost", features: BuiltInFeatures.types)
exit(await app.run(Array(CommandLine.arguments.dropFirst())))
