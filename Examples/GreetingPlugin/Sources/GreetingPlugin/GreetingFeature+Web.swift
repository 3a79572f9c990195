import FeatureHostCore
import WebUI

/// The greeting on the web: the same presenter, drawn as HTML. The stylesheet is built into the library (a
/// plugin has no resource bundle the host could find).
extension GreetingFeature: WebFeature {
    public static let webAssets = WebAssets([
        WebAsset(name: "greeting.css", contentType: "text/css; charset=utf-8", text: GreetingStyles.css)
    ])

    @MainActor public func makeWebScene() -> any WebScene { GreetingWebScene(presenter: presenter) }
}
