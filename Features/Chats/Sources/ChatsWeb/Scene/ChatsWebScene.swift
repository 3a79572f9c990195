import ChatsFeature
import FeatureHostCore
import Observation
import WebUI

/// The chats page: draws the presenter's view state as HTML and turns page events into the actions the
/// terminal's keys send.
///
/// The loader's cross-dissolve and the hand-over are the browser's CSS animations, timed by the feature's
/// settings (`data-fh-vars`): the page follows the view state's `screen` only, never its per-tick loader
/// frame or layer values, so the 40 samples per second the presenter publishes render the same bytes and
/// send nothing.
///
/// Events (the terminal's keys, and a control for each):
/// - click `select-<index>` (a row, by mouse, Enter or Space) → `select(index:)`;
/// - keys ↓/↑ → `moveSelection(by: ±1)`, PageDown/PageUp → by a page, Home/End → first/last row;
/// - click `page-first`, `page-previous`, `page-next`, `page-last` → the first row of that page;
/// - click `refresh` or `retry`, or key `r` → `reload`.
/// Before the list every event is ignored, as the terminal leaves every key to the shell then.
///
/// Observable: whether the user has chosen a row is view-local state. The presenter's selection starts on the
/// first row (the terminal's cursor needs one), but a page that says `aria-current` before any choice makes a
/// screen reader announce a row the user never picked.
@MainActor
@Observable
public final class ChatsWebScene: WebScene {
    public let presenter: ChatsPresenter
    /// A row was clicked or a key moved the selection: from then on the selected row is `aria-current`.
    private(set) var userChose = false

    public init(presenter: ChatsPresenter) {
        self.presenter = presenter
    }

    public func render() -> HTML {
        ChatsPageMarkup.page(
            presenter.viewState, timing: presenter.timing, copy: ChatsWebCopy(strings: presenter.strings), userChose: userChose)
    }

    public func handle(_ event: PageEvent) -> WebEventHandling {
        let state = presenter.viewState
        guard state.screen == .list else { return .ignored }
        switch event.kind {
        case .click:
            return handleClick(event.action, list: state.list)
        case .key:
            return handleKey(event.key ?? "", list: state.list)
        case .input, .change, .submit:
            return .ignored
        }
    }

    private func handleClick(_ name: String, list: ChatListState) -> WebEventHandling {
        guard let action = ChatsWebAction(name: name) else { return .ignored }
        switch action {
        case .refresh, .retry:
            return reload(list)
        default:
            guard let rows = list.rows, !rows.isEmpty else { return .ignored }
            let pages = RowPages(count: rows.count)
            let current = list.selectedIndex ?? 0
            let target: Int?
            switch action {
            case .firstPage: target = pages.page(of: current) == 0 ? nil : 0
            case .previousPage: target = pages.firstRow(ofPage: pages.page(of: current) - 1)
            case .nextPage: target = pages.firstRow(ofPage: pages.page(of: current) + 1)
            case .lastPage: target = pages.firstRow(ofPage: pages.count - 1)
            default: target = Self.rowIndex(name, count: rows.count)
            }
            guard let target else { return .ignored }
            if case .select = action { userChose = true }
            presenter.send(.select(index: target))
            return .handled
        }
    }

    private func handleKey(_ key: String, list: ChatListState) -> WebEventHandling {
        if key == "r" { return reload(list) }
        guard let rows = list.rows, !rows.isEmpty else { return .ignored }
        switch key {
        case "ArrowDown": presenter.send(.moveSelection(by: 1))
        case "ArrowUp": presenter.send(.moveSelection(by: -1))
        case "PageDown": presenter.send(.moveSelection(by: RowPages.size))
        case "PageUp": presenter.send(.moveSelection(by: -RowPages.size))
        case "Home": presenter.send(.select(index: 0))
        case "End": presenter.send(.select(index: rows.count - 1))
        default: return .ignored
        }
        userChose = true
        return .handled
    }

    /// Refresh on the list and the empty list, "Try again" after an error; not while a load runs.
    private func reload(_ list: ChatListState) -> WebEventHandling {
        if case .loading = list.content { return .ignored }
        guard list.refreshing == nil else { return .ignored }
        presenter.send(.reload)
        return .handled
    }

    /// `select-12` → 12, only for a row that exists: a page can send anything.
    static func rowIndex(_ action: String, count: Int) -> Int? {
        guard case .select(let index)? = ChatsWebAction(name: action), (0..<count).contains(index) else { return nil }
        return index
    }
}
