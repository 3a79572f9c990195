import FeatureHostCore
import TerminalUI

/// Draws the greeting in a box: the name, the time open, the wall clock, and the Wave button.
@MainActor
final class GreetingTerminalScene: TerminalScene {
    static let accent = Color.rgb(65, 69, 152)
    private let presenter: GreetingPresenter

    init(presenter: GreetingPresenter) { self.presenter = presenter }

    var minimumSize: Size { Size(width: 36, height: 10) }
    var keyHints: [KeyHint] { [KeyHint(key: "Enter", action: "wave")] }

    func render(size: Size) -> Frame {
        var frame = Frame(size: size)
        let state = presenter.viewState
        let box = Rect(x: 1, y: 0, width: min(size.width - 2, 60), height: 9)
        frame.drawBox(box, lineStyle: .rounded, style: Style(foreground: Self.accent), title: "Greeting plugin")
        let inner = box.insetBy(dx: 2, dy: 1)
        frame.put(state.greeting, in: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1), style: Style(bold: true))
        frame.put("Open for  \(state.elapsed)\(state.paused ? "  (paused)" : "")", at: Point(x: inner.x, y: inner.y + 3))
        frame.put("Clock     \(state.clock)", at: Point(x: inner.x, y: inner.y + 4))
        let button = frame.drawButton("Wave", at: Point(x: inner.x, y: inner.y + 6), focused: true, accent: Self.accent)
        frame.put(state.waves, at: Point(x: button.maxX + 2, y: button.y), style: Style(dim: true))
        return frame
    }

    func handle(_ key: Key) -> KeyHandling {
        guard key == .enter else { return .ignored }
        presenter.send(.wave)
        return .handled
    }
}
