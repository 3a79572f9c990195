/// A product feature: a static manifest and an initialiser from what the host lends it.
///
/// A surface extends this (the terminal's `TerminalFeature` adds `makeScene()`), so presenters never depend
/// on a surface. The host's session reaches the feature through `handle(_:)` whatever surface shows it.
public protocol Feature {
    static var manifest: FeatureManifest { get }
    /// Builds the feature's presenter and sources; starts no work (that waits for `.appear`). Throws a
    /// `FeatureError` the host shows in the feature's panel.
    @MainActor init(context: FeatureContext) throws
    /// A lifecycle event from the host's session: `.appear` once, then background and foreground.
    @MainActor func handle(_ event: LifecycleEvent)
}

/// A feature driven by one presenter: lifecycle goes to it through `send(_:)`.
public protocol PresenterFeature: Feature {
    associatedtype FeaturePresenter: Presenter
    @MainActor var presenter: FeaturePresenter { get }
}

extension PresenterFeature {
    @MainActor public func handle(_ event: LifecycleEvent) { presenter.send(.lifecycle(event)) }
}
