import FeatureHostCore
import TerminalUI

/// The sample counter on the terminal: seconds (green, bold), the clock, a focused Press button, a wide
/// grapheme (so frames with continuation cells are exercised), and the fetched text.
@MainActor
public final class SampleCounterScene: TerminalScene {
    public let presenter: SampleCounterPresenter

    public init(presenter: SampleCounterPresenter) { self.presenter = presenter }

    public var minimumSize: Size { Size(width: 30, height: 6) }
    public var keyHints: [KeyHint] { [KeyHint(key: "Enter", action: "press")] }

    public func render(size: Size) -> Frame {
        guard size.fits(minimumSize) else { return .tooSmall(size: size, minimum: minimumSize) }
        var frame = Frame(size: size)
        let state = presenter.viewState
        frame.put(
            "Seconds: \(state.seconds)\(state.isPaused ? " (paused)" : "")", at: Point(x: 1, y: 0),
            style: Style(foreground: .green, bold: true))
        frame.put("Clock: \(state.clock)", at: Point(x: 1, y: 1))
        let button = frame.drawButton("Press", at: Point(x: 1, y: 3), focused: true)
        frame.put("Presses: \(state.presses) 界", at: Point(x: button.maxX + 2, y: 3))
        frame.put("Fetched: \(state.fetched)", at: Point(x: 1, y: 5), style: Style(dim: true))
        return frame
    }

    public func handle(_ key: Key) -> KeyHandling {
        guard key == .enter else { return .ignored }
        presenter.send(.press)
        return .handled
    }
}
