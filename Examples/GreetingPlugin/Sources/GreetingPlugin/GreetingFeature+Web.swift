import FeatureHostCore
import WebUI

/// The greeting on the web: the same presenter, drawn as HTML. Its stylesheet and its picture are real files of the
/// target's resources, read from the `GreetingPlugin_GreetingPlugin.resources` folder beside the library (deploy the two
/// together); a missing one is a 500 naming it, never a crash.
extension GreetingFeature: WebFeature {
    public static let webAssets = WebAssets([
        WebAsset(resource: "greeting.css", inBundleNamed: "GreetingPlugin_GreetingPlugin"),
        WebAsset(resource: "wave.svg", inBundleNamed: "GreetingPlugin_GreetingPlugin"),
    ])

    @MainActor public func makeWebScene() -> any WebScene { GreetingWebScene(presenter: presenter) }
}
