import FeatureHostCore
import TerminalUI

/// The chats screens in the terminal: launch, loading, the hand-over and the list. Draws the presenter's view
/// state and turns keys into its actions; the presenter starts when the scene is made, which the shell does
/// when the feature is first opened.
@MainActor
public final class ChatsScene: TerminalScene {
    public let presenter: ChatsPresenter
    /// The list as last laid out, for paging and for keeping the selection in view when keys move it.
    private var lastList: ChatListRenderer.Output?
    private var reportedVisible: Range<Int>?

    public init(presenter: ChatsPresenter) {
        self.presenter = presenter
    }

    public var minimumSize: Size { Size(width: 40, height: 12) }

    public var keyHints: [KeyHint] {
        guard presenter.viewState.screen == .list else { return [] }
        return presenter.viewState.list.keyHints.map { KeyHint(key: $0.key, action: $0.label) }
    }

    public func render(size: Size) -> Frame {
        let state = presenter.viewState
        let label = state.loadingLabel
        switch state.screen {
        case .launch:
            return LaunchArt.launchScreen(size: size)
        case .loading:
            return LaunchArt.loadingScreen(size: size, loader: state.loader, label: label)
        case .transition:
            let loading = LayerCompositor.zoomed(
                LaunchArt.loadingScreen(size: size, loader: state.loader, label: label), by: state.loadingLayer.scale)
            let list = LayerCompositor.shrunk(size: size, scale: state.listLayer.scale) { renderList(state.list, size: $0) }
            return LayerCompositor.blend(loading, over: list, opacity: state.loadingLayer.opacity)
        case .list:
            return renderList(state.list, size: size)
        }
    }

    /// Draws the list and notes which rows it showed. Rendering stays a function of the state and the size;
    /// the note only tells the presenter, on the next turn of the main actor, which avatars to fetch (or
    /// stop fetching), since only the surface knows how many rows fit.
    private func renderList(_ list: ChatListState, size: Size) -> Frame {
        let output = ChatListRenderer(state: list).render(size: size)
        lastList = output
        if let first = output.layout.rows.first?.index, let last = output.layout.rows.last?.index {
            let visible = first..<(last + 1)
            if visible != reportedVisible {
                reportedVisible = visible
                Task { @MainActor [weak presenter] in presenter?.send(.rowsVisible(visible)) }
            }
        }
        return output.frame
    }

    public func handle(_ key: Key) -> KeyHandling {
        let state = presenter.viewState
        guard state.screen == .list else { return .ignored }
        switch state.list.content {
        case .failed:
            switch key {
            case .enter, .character("r"), .character("R"):
                presenter.send(.reload)
                return .handled
            default:
                return .ignored
            }
        case .empty, .loading:
            if key == .character("r") || key == .character("R") {
                presenter.send(.reload)
                return .handled
            }
            return .ignored
        case .rows(let rows):
            return handleRows(key, rowCount: rows.count, list: state.list)
        }
    }

    private func handleRows(_ key: Key, rowCount: Int, list: ChatListState) -> KeyHandling {
        let current = list.selectedIndex ?? 0
        let page = lastList?.fullyVisible ?? 1
        let target: Int
        switch key {
        case .down, .tab: target = current + 1
        case .up, .backTab: target = current - 1
        case .pageDown: target = current + page
        case .pageUp: target = current - page
        case .home: target = 0
        case .end: target = rowCount - 1
        case .character("r"), .character("R"):
            presenter.send(.reload)
            return .handled
        default:
            return .ignored
        }
        let index = min(max(0, target), rowCount - 1)
        presenter.send(.select(index: index, scrollTop: scrollTop(selecting: index, list: list, rowCount: rowCount)))
        return .handled
    }

    /// Where the list's top must be for `index` to be fully visible, scrolling as little as possible.
    private func scrollTop(selecting index: Int, list: ChatListState, rowCount: Int) -> Int {
        guard let last = lastList, let rows = list.rows, last.viewportHeight > 0 else { return min(list.scrollTop, index) }
        let width = last.frame.size.width
        return ListLayout.layout(
            rowCount: rowCount, viewportHeight: last.viewportHeight, selectedIndex: index, scrollOffset: last.layout.scrollOffset,
            rowHeight: { ChatRowLayout(row: rows[$0], width: width).height }
        ).scrollOffset
    }

    public func handle(_ event: LifecycleEvent) { presenter.send(.lifecycle(event)) }

    public func observe(_ onChange: @escaping @MainActor () -> Void) -> StateObservation {
        presenter.observe { _ in onChange() }
    }
}
