import FeatureHostCore

/// A feature the terminal shell can show.
public protocol TerminalFeature: Feature { @MainActor func makeScene() -> any TerminalScene }
