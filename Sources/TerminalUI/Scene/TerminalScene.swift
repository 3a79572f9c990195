import FeatureHostCore

/// Renders a presenter's view state and turns keys into presenter actions. Lifecycle never passes through
/// a scene: the host's session delivers it to the feature.
///
/// The shell renders a scene inside `withObservationTracking` (`RenderLoop`) and draws again when what `render`
/// read changes: the presenter's view state, and the scene's own view-local state (scroll, focus) when the scene
/// is `@Observable`. A scene whose keys change state of its own must be `@Observable`, with what `render` only
/// notes for itself (the size it drew at) marked `@ObservationIgnored`.
@MainActor public protocol TerminalScene: AnyObject {
    /// The smallest size the scene can draw without overlap or clipping; the shell shows a message instead below it.
    var minimumSize: Size { get }
    /// Keys of the current screen for the shell's footer, e.g. [KeyHint(key: "Enter", action: "activate")]:
    /// only keys that act here, each once, the most useful first (a narrow footer drops the last ones).
    var keyHints: [KeyHint] { get }
    /// Whether Esc reaches the shell on the current screen (the scene leaves it `.ignored`), so the footer
    /// lists the shell's `Esc back`. By default, unless a hint names Esc; a scene that swallows Esc without
    /// naming it (a modal busy sending) says false.
    var leavesEscapeToShell: Bool { get }
    /// Idempotent: the same view state, view-local state (scroll) and size give the same frame, however often
    /// it is called. It may note layout (how many rows fit) for the scene's own key handling, but never starts
    /// work or sends an action.
    func render(size: Size) -> Frame
    /// Returns .handled when the scene used the key; unhandled Esc / q let the shell go back.
    func handle(_ key: Key) -> KeyHandling
}

extension TerminalScene {
    public var leavesEscapeToShell: Bool { !keyHints.contains { $0.names("Esc") } }
}
