import ChatsFeature
import FeatureHostCore
import Observation
import TerminalUI

/// The chats screens in the terminal: launch, loading, the hand-over and the list. Draws the presenter's view
/// state and turns keys into its actions. The list's scroll (the row at the top) is the scene's own state;
/// the presenter keeps the selection. Making the scene starts nothing: the host's `.appear` does. Observable:
/// the scroll is view-local state the keys change and the shell's render reads.
@MainActor
@Observable
public final class ChatsTerminalScene: TerminalScene {
    public let presenter: ChatsPresenter
    /// The shell's pictures (avatars drawn as pictures), or nil for the initials and the grey circle.
    let pictures: (any TerminalPictures)?
    /// The first row at the top of the list, moved by keys as little as keeps the selection whole.
    private var scrollTop = 0
    /// The list as last laid out, for paging and for keeping the selection in view when keys move it. Noted by
    /// `render`, so not observed.
    @ObservationIgnored private var lastList: ChatListView.Output?

    public init(presenter: ChatsPresenter, pictures: (any TerminalPictures)? = nil) {
        self.presenter = presenter
        self.pictures = pictures
    }

    public var minimumSize: Size { Size(width: 40, height: 12) }

    public var keyHints: [KeyHint] {
        let state = presenter.viewState
        guard state.screen == .list else { return [] }
        let strings = presenter.strings
        switch state.list.content {
        case .rows:
            return [
                KeyHint(key: "↑↓/PgUp/PgDn", action: strings[.hintMove]), KeyHint(key: "Home/End", action: strings[.hintTopBottom]),
                KeyHint(key: "r", action: strings[.hintRefresh]),
            ]
        case .empty: return [KeyHint(key: "r", action: strings[.hintRefresh])]
        case .failed: return [KeyHint(key: "r", action: strings[.hintRetry])]
        case .loading: return []
        }
    }

    public func render(size: Size) -> Frame {
        let state = presenter.viewState
        let label = state.loadingLabel
        switch state.screen {
        case .launch:
            return LaunchView.launchScreen(size: size)
        case .loading:
            return LaunchView.loadingScreen(size: size, loader: state.loader, label: label)
        case .transition:
            let loading = LayerView.zoomed(
                LaunchView.loadingScreen(size: size, loader: state.loader, label: label), by: state.loadingLayer.scale)
            let list = LayerView.shrunk(size: size, scale: state.listLayer.scale) { renderList(state.list, size: $0) }
            return LayerView.blend(loading, over: list, opacity: state.loadingLayer.opacity)
        case .list:
            return renderList(state.list, size: size)
        }
    }

    /// Draws the list and notes its layout (how many rows fit, which are shown) for the keys; nothing else.
    private func renderList(_ list: ChatListState, size: Size) -> Frame {
        let output = ChatListView(state: list, scrollTop: scrollTop, pictures: pictures).render(size: size)
        lastList = output
        return output.frame
    }

    public func handle(_ key: Key) -> KeyHandling {
        let state = presenter.viewState
        guard let action = ChatsKeyMap.action(for: key, in: state, page: lastList?.fullyVisible ?? 1) else { return .ignored }
        presenter.send(action)
        if case .select(let index) = action, case .rows(let rows) = state.list.content {
            scroll(from: state.list.selectedIndex ?? 0, toShow: index, rows: rows)
        }
        return .handled
    }

    /// Moves the list's top as little as keeps row `index` fully visible, from where the list is now (the
    /// selection `current` at `scrollTop`, in the viewport the last render noted). When that scrolls, tells
    /// the presenter which rows are now on screen (their avatars load).
    private func scroll(from current: Int, toShow index: Int, rows: ChatRows) {
        guard let last = lastList, last.viewportHeight > 0 else {
            scrollTop = min(scrollTop, index)
            return
        }
        let width = last.frame.size.width
        func layout(selecting selected: Int, top: Int) -> ListLayout {
            ListLayout.layout(
                rowCount: rows.count, viewportHeight: last.viewportHeight, selectedIndex: selected, scrollOffset: top,
                rowHeight: { ChatRowView(row: rows[$0], width: width).height })
        }
        let shown = layout(selecting: current, top: scrollTop)
        let next = layout(selecting: index, top: shown.scrollOffset)
        scrollTop = min(max(0, next.scrollOffset), index)
        guard let visible = Self.rows(of: next), visible != Self.rows(of: shown) else { return }
        presenter.send(.rowsVisible(visible))
    }

    private static func rows(of layout: ListLayout) -> Range<Int>? {
        guard let first = layout.rows.first, let last = layout.rows.last else { return nil }
        return first.index..<(last.index + 1)
    }
}
