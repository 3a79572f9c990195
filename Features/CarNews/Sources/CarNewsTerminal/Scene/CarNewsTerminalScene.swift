import CarNewsFeature
import FeatureHostCore
import Observation
import TerminalUI

/// The car news screen in the terminal shell: the list, or the open article over it.
///
/// Keys: ↑/↓ and Tab/Shift-Tab move between cards, PageUp/PageDown by a screenful, Home/End to the ends, Enter
/// opens, `r` refreshes; in an article the same keys scroll and Esc goes back to the list. Esc on the list is
/// left to the shell. How far the list and the article are scrolled is the scene's own state: the presenter
/// knows the selection only. Observable: the article's scroll is view-local state the keys change and the
/// shell's render reads; what `render` notes for itself (the size, the list's offset) is not observed.
@MainActor
@Observable
public final class CarNewsTerminalScene: TerminalScene {
    public let presenter: CarNewsPresenter
    /// The shell's pictures: the articles' photos, or nil for the placeholder strips.
    let pictures: (any TerminalPictures)?
    /// The last size drawn: pages are as tall as what the user sees. Until the first frame, the shell's default
    /// (an 80×24 terminal less its footer).
    @ObservationIgnored private var lastSize = Size(width: 80, height: 23)
    /// The first visible card, kept between frames so moving up inside the screen does not scroll.
    @ObservationIgnored private var listScrollOffset = 0
    /// The open article's first shown line. How many lines there are depends on the width, so drawing clamps it
    /// (End asks for `Int.max`).
    private var detailScroll = DetailScroll()

    private struct DetailScroll: Equatable {
        /// The article it was scrolled in: another article starts at the top.
        var articleID: Int64?
        var line = 0

        func line(for detail: CarNewsViewState.Detail) -> Int { articleID == detail.id ? line : 0 }
    }

    public init(presenter: CarNewsPresenter, pictures: (any TerminalPictures)? = nil) {
        self.presenter = presenter
        self.pictures = pictures
    }

    private func listView(_ state: CarNewsViewState) -> ArticleListView { ArticleListView(state: state, pictures: pictures) }

    private func detailView(_ detail: CarNewsViewState.Detail, in size: Size) -> ArticleDetailView {
        ArticleDetailView(detail: detail, pictures: pictures, viewportHeight: ArticleDetailView.viewportHeight(in: size))
    }

    public var minimumSize: Size { Size(width: 40, height: 12) }

    public var keyHints: [KeyHint] {
        let state = presenter.viewState
        if state.detail != nil {
            // Esc is named here because it goes back to the list, not out of the feature as the shell's own hint says.
            // Most useful first: a narrow footer drops hints from the end.
            return [
                KeyHint(key: "↑/↓", action: "scroll"), KeyHint(key: "Esc", action: "list"),
                KeyHint(key: "r", action: "refresh"), KeyHint(key: "PgUp/PgDn", action: "page"),
            ]
        }
        switch state.body {
        case .list:
            return [
                KeyHint(key: "↑/↓", action: "select"), KeyHint(key: "Enter", action: "open"),
                KeyHint(key: "r", action: "refresh"), KeyHint(key: "PgUp/PgDn", action: "page"),
            ]
        case .message(let message):
            // While loading, r does nothing: no hint.
            if message.canRetry { return [KeyHint(key: "r", action: "retry")] }
            return message.canRefresh ? [KeyHint(key: "r", action: "refresh")] : []
        }
    }

    /// Notes the size and the list's scroll offset for the keys that follow; nothing else.
    public func render(size: Size) -> Frame {
        lastSize = size
        var frame = Frame(size: size)
        let state = presenter.viewState
        if let detail = state.detail {
            detailView(detail, in: size).draw(into: &frame, scroll: detailScroll.line(for: detail), status: state.status)
        } else {
            listScrollOffset = listView(state).draw(into: &frame, scrollOffset: listScrollOffset)
        }
        return frame
    }

    public func handle(_ key: Key) -> KeyHandling {
        guard let command = CarNewsKeyMap.command(for: key) else { return .ignored }
        if command == .refresh {
            presenter.send(.refresh)
            return .handled
        }
        if let detail = presenter.viewState.detail {
            handleDetail(command, detail: detail)
            return .handled
        }
        return handleList(command)
    }

    private func handleList(_ command: CarNewsKeyMap.Command) -> KeyHandling {
        let page = listView(presenter.viewState).cardsPerPage(in: lastSize)
        switch command {
        case .next: presenter.send(.moveSelection(by: 1))
        case .previous: presenter.send(.moveSelection(by: -1))
        case .pageDown: presenter.send(.moveSelection(by: page))
        case .pageUp: presenter.send(.moveSelection(by: -page))
        case .first: presenter.send(.selectFirst)
        case .last: presenter.send(.selectLast)
        case .open:
            detailScroll = DetailScroll()
            presenter.send(.openSelected)
        case .back, .refresh: return .ignored
        }
        return .handled
    }

    private func handleDetail(_ command: CarNewsKeyMap.Command, detail: CarNewsViewState.Detail) {
        let view = detailView(detail, in: lastSize)
        let maximum = ArticleDetailView.maximumScroll(lineCount: view.lines(width: lastSize.width).count, in: lastSize)
        let page = max(ArticleDetailView.viewportHeight(in: lastSize) - 1, 1)
        // Start from what is on screen: after a resize the stored line may be past the end.
        let current = min(detailScroll.line(for: detail), maximum)
        let target: Int
        switch command {
        case .back:
            detailScroll = DetailScroll()
            presenter.send(.closeDetail)
            return
        case .next: target = current + 1
        case .previous: target = current - 1
        case .pageDown: target = current + page
        case .pageUp: target = current - page
        case .first: target = 0
        case .last:
            // Past any length: drawing clamps it, so End reaches the end even before the first frame at a new size.
            detailScroll = DetailScroll(articleID: detail.id, line: Int.max)
            return
        case .open, .refresh: return
        }
        detailScroll = DetailScroll(articleID: detail.id, line: min(max(target, 0), maximum))
    }
}
