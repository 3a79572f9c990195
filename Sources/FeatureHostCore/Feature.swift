/// A product feature: a static manifest and an initialiser from what the host lends it.
///
/// A surface extends this (the terminal shell's `TerminalFeature` adds `makeScene()`), so presenters never
/// depend on a surface.
public protocol Feature {
    static var manifest: FeatureManifest { get }
    /// Builds the feature's presenter and sources. Throws a `FeatureError` the host shows in the feature's panel.
    @MainActor init(context: FeatureContext) throws
}
