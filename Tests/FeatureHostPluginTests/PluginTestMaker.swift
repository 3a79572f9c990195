import FeatureHostCore
import FeatureHostRuntime
import Foundation
import TerminalPluginBridge

/// The host's real maker, with a throwaway data directory.
enum PluginTestMaker {
    static let make: PluginFeatureMaker = DynamicFeature.maker(
        dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("featurehost-plugin-tests"))
}
