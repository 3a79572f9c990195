import FeatureHostCore

/// Drives one scene without a terminal: renders frames to plain text, on demand, and feeds it keys. Used by
/// tests (`featurehost snapshot` draws the whole shell through `ShellScreen` instead). Changes are counted by
/// the presenter (`changeCount`), renders by a surface host's `RenderLoop`.
@MainActor
public final class TextDriver {
    public let scene: any TerminalScene
    public var size: Size
    private var parser = KeyParser()

    public init(scene: any TerminalScene, size: Size) {
        self.scene = scene
        self.size = size
    }

    /// The scene's frame at the driver's size.
    public func frame() -> Frame { scene.render(size: size) }

    /// The current frame as plain text, one line per row, trailing spaces trimmed.
    public func text() -> String { frame().plainText() }

    /// Sends keys to the scene in order and returns how each was handled.
    @discardableResult
    public func press(_ keys: Key...) -> [KeyHandling] { keys.map(scene.handle) }

    /// Parses raw terminal bytes (e.g. from `KeyParser.decodeEscapes`) into keys and sends them. Input ends
    /// here, so a trailing ESC counts as the Esc key.
    @discardableResult
    public func input(_ bytes: [UInt8]) -> [KeyHandling] {
        let keys = parser.feed(bytes) + parser.flushPendingEscape()
        return keys.map(scene.handle)
    }
}

extension TextDriver {
    /// The current frame's unreadable cells on each theme in each colour mode, as `Frame.legibilityReport`:
    /// what the colour output would show on a dark and a light terminal. Empty when every cell reads.
    public func legibilityReport(
        themes: [TerminalTheme] = TerminalTheme.all, modes: [ColorMode] = ColorMode.allCases
    ) -> String {
        frame().legibilityReport(themes: themes, modes: modes)
    }
}
