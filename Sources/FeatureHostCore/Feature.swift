/// A running instance of a feature: what the host's session starts, tells of lifecycle and tears down. Releasing it
/// releases its presenter, whose effects, timers and requests are cancelled with it.
///
/// A surface extends this (the terminal's `TerminalFeature` adds `makeScene()`), so presenters never depend on a
/// surface. Plugin bridges are instances only: what their feature *is* (its manifest, how to make one) comes from
/// the library, through the registry's `FeatureDescriptor`.
public protocol FeatureInstance {
    /// A lifecycle event from the host's session: `.appear` once, then background and foreground.
    @MainActor func handle(_ event: LifecycleEvent)
    /// The user's conventions changed while it runs (the config's `locale` or `hourCycle` was edited): an instance
    /// that can format again in place does, keeping everything else it shows (a selection, typed text, a scroll),
    /// and returns true. False (the default) has the host make it again with the new conventions.
    @MainActor func reformat(for conventions: FormatConventions) -> Bool
}

extension FeatureInstance {
    @MainActor public func reformat(for conventions: FormatConventions) -> Bool { false }
}

/// A compiled-in product feature: a static manifest and an initialiser from what the host lends it. The registry
/// makes its descriptor from the type (`FeatureDescriptor(type:)`); each instance is one of these.
public protocol Feature: FeatureInstance {
    static var manifest: FeatureManifest { get }
    /// Builds the feature's presenter and sources; starts no work (that waits for `.appear`). Throws a
    /// `FeatureError` the host shows in the feature's panel.
    @MainActor init(context: FeatureContext) throws
}

/// A feature driven by one presenter: lifecycle goes to it through `send(_:)`.
public protocol PresenterFeature: Feature {
    associatedtype FeaturePresenter: Presenter
    @MainActor var presenter: FeaturePresenter { get }
}

extension PresenterFeature {
    @MainActor public func handle(_ event: LifecycleEvent) { presenter.send(.lifecycle(event)) }
}
