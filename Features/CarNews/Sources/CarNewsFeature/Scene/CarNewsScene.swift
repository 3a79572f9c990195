import FeatureHostCore
import TerminalUI

/// The car news screen in the terminal shell: the list, or the open article over it.
///
/// Keys: ↑/↓ and Tab/Shift-Tab move between cards, PageUp/PageDown by a screenful, Home/End to the ends, Enter
/// opens, `r` refreshes; in an article the same keys scroll and Esc goes back to the list. Esc on the list is
/// left to the shell.
@MainActor
public final class CarNewsScene: TerminalScene {
    public let presenter: CarNewsPresenter
    /// The last size drawn: pages are as tall as what the user sees. Until the first frame, the shell's default
    /// (an 80×24 terminal less its footer).
    private var lastSize = Size(width: 80, height: 23)
    /// The first visible card, kept between frames so moving up inside the screen does not scroll.
    private var listScrollOffset = 0

    public init(presenter: CarNewsPresenter) {
        self.presenter = presenter
    }

    public var minimumSize: Size { Size(width: 40, height: 12) }

    public var keyHints: [KeyHint] {
        let state = presenter.viewState
        if state.detail != nil {
            // Esc is named here because it goes back to the list, not out of the feature as the shell's own hint says.
            return [
                KeyHint(key: "↑/↓", action: "scroll"), KeyHint(key: "PgUp/PgDn", action: "page"),
                KeyHint(key: "Esc", action: "list"),
                KeyHint(key: "r", action: "refresh"),
            ]
        }
        switch state.body {
        case .list:
            return [
                KeyHint(key: "↑/↓", action: "select"), KeyHint(key: "PgUp/PgDn", action: "page"),
                KeyHint(key: "Enter", action: "open"), KeyHint(key: "r", action: "refresh"),
            ]
        case .message(let message):
            return [KeyHint(key: "r", action: message.isError ? "retry" : "refresh")]
        }
    }

    public func render(size: Size) -> Frame {
        lastSize = size
        var frame = Frame(size: size)
        let state = presenter.viewState
        if let detail = state.detail {
            ArticleDetailView(detail: detail).draw(into: &frame, status: state.status)
        } else {
            listScrollOffset = ArticleListView(state: state).draw(into: &frame, scrollOffset: listScrollOffset)
        }
        return frame
    }

    public func handle(_ key: Key) -> KeyHandling {
        if key == .character("r") || key == .character("R") {
            presenter.send(.refresh)
            return .handled
        }
        if let detail = presenter.viewState.detail {
            return handleDetail(key, detail: detail)
        }
        let page = ArticleListView(state: presenter.viewState).cardsPerPage(in: lastSize)
        switch key {
        case .down, .tab: presenter.send(.moveSelection(by: 1))
        case .up, .backTab: presenter.send(.moveSelection(by: -1))
        case .pageDown: presenter.send(.moveSelection(by: page))
        case .pageUp: presenter.send(.moveSelection(by: -page))
        case .home: presenter.send(.selectFirst)
        case .end: presenter.send(.selectLast)
        case .enter: presenter.send(.openSelected)
        default: return .ignored
        }
        return .handled
    }

    private func handleDetail(_ key: Key, detail: CarNewsViewState.Detail) -> KeyHandling {
        let view = ArticleDetailView(detail: detail)
        let maximum = ArticleDetailView.maximumScroll(lineCount: view.lines(width: lastSize.width).count, in: lastSize)
        let page = max(ArticleDetailView.viewportHeight(in: lastSize) - 1, 1)
        // Start from what is on screen: after a resize the stored line may be past the end.
        let current = min(detail.scroll, maximum)
        let target: Int
        switch key {
        case .escape:
            presenter.send(.closeDetail)
            return .handled
        case .down, .tab: target = current + 1
        case .up, .backTab: target = current - 1
        case .pageDown: target = current + page
        case .pageUp: target = current - page
        case .home: target = 0
        case .end:
            // Past any length: drawing clamps it, so End reaches the end even before the first frame at a new size.
            presenter.send(.scrollDetail(to: Int.max))
            return .handled
        case .enter: return .handled
        default: return .ignored
        }
        presenter.send(.scrollDetail(to: min(max(target, 0), maximum)))
        return .handled
    }

    public func handle(_ event: LifecycleEvent) {
        presenter.send(.lifecycle(event))
    }

    public func observe(_ onChange: @escaping @MainActor () -> Void) -> StateObservation {
        presenter.observe { _ in onChange() }
    }
}
