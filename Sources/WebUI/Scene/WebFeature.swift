import FeatureHostCore

/// A feature the web surface can show: its assets (served without a session) and a scene per page load.
public protocol WebFeature: Feature {
    /// The stylesheets and files under `/assets/<feature id>/`; every `.css` among them is linked by the page.
    static var webAssets: WebAssets { get }
    /// Makes the scene and starts nothing: work starts when the host's session delivers `.appear`.
    @MainActor func makeWebScene() -> any WebScene
}
