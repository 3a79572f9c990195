import FeatureHostCore
import TerminalUI

/// The tip in a box, its position under it; → or Enter for the next, ← for the one before.
@MainActor
final class TipsTerminalScene: TerminalScene {
    private let presenter: TipsPresenter

    init(presenter: TipsPresenter) { self.presenter = presenter }

    var minimumSize: Size { Size(width: 40, height: 8) }
    var keyHints: [KeyHint] { [KeyHint(key: "→/Enter", action: "next"), KeyHint(key: "←", action: "previous")] }

    func render(size: Size) -> Frame {
        var frame = Frame(size: size)
        let state = presenter.viewState
        let box = Rect(x: 1, y: 0, width: min(size.width - 2, 64), height: 7)
        frame.drawBox(box, lineStyle: .rounded, style: Style(foreground: .rgb(20, 110, 90)), title: "Tips")
        let inner = box.insetBy(dx: 2, dy: 1)
        frame.putWrapped(state.tip, in: Rect(x: inner.x, y: inner.y, width: inner.width, height: 3))
        frame.put(state.position, at: Point(x: inner.x, y: inner.y + 4), style: Style(dim: true))
        return frame
    }

    func handle(_ key: Key) -> KeyHandling {
        switch key {
        case .right, .enter: presenter.send(.next)
        case .left: presenter.send(.previous)
        default: return .ignored
        }
        return .handled
    }
}
