import FeatureHostCore

/// Renders a presenter's view state and turns keys into presenter actions.
@MainActor public protocol TerminalScene: AnyObject {
    /// The smallest size the scene can draw without overlap or clipping; the shell shows a message instead below it.
    var minimumSize: Size { get }
    /// Keys of the current screen for the shell's footer, e.g. [KeyHint(key: "Enter", action: "activate")].
    var keyHints: [KeyHint] { get }
    /// Pure: draws the current view state into a frame of the given size.
    func render(size: Size) -> Frame
    /// Returns .handled when the scene used the key; unhandled Esc / q let the shell go back.
    func handle(_ key: Key) -> KeyHandling
    func handle(_ event: LifecycleEvent)
    /// Calls onChange whenever the scene needs a new frame (its presenter's view state changed).
    func observe(_ onChange: @escaping @MainActor () -> Void) -> StateObservation
}
