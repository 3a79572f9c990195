import FeatureHostCore

/// A feature instance the terminal shell can show (a compiled-in feature, or a plugin's bridge).
public protocol TerminalFeature: FeatureInstance {
    @MainActor func makeScene() -> any TerminalScene
    /// The scene, with what the shell lends it (`surface.pictures`). A feature that draws no pictures needs only
    /// `makeScene()`, which this calls by default; one that does makes its placeholder scene in `makeScene()`.
    @MainActor func makeScene(surface: TerminalSurface) -> any TerminalScene
}

extension TerminalFeature {
    @MainActor public func makeScene(surface: TerminalSurface) -> any TerminalScene { makeScene() }
}
