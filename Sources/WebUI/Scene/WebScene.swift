import FeatureHostCore

/// Whether a scene used a page event.
public enum WebEventHandling: Sendable, Equatable { case handled, ignored }

/// Renders a presenter's view state as HTML and turns page events into presenter actions: the web's
/// `TerminalScene`. Lifecycle never passes through a scene: the host's session delivers it to the feature.
///
/// The page session renders a scene inside `withObservationTracking` (`RenderLoop`) and sends a patch when what
/// `render` read changes: the presenter's view state, and the scene's own view-local state when the scene is
/// `@Observable` (a scene whose events change state of its own must be).
@MainActor public protocol WebScene: AnyObject {
    /// The page's content, placed inside the page shell's `<main id="fh-root">`. Idempotent: the same view
    /// state and view-local state give the same HTML however often it is called; it never starts work or
    /// sends an action. Controls name the action they stand for with `data-action` (see `PageEvent`); keyed
    /// elements (`.id(_:)`) let the client keep them, their focus and their running animations across updates.
    func render() -> HTML
    /// An event from the page (a click, an input, a submit, a key). Returns `.ignored` for one it does not
    /// know: a page can send anything, and nothing it sends may crash the host.
    func handle(_ event: PageEvent) -> WebEventHandling
}
