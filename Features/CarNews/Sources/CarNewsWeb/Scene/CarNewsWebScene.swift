import CarNewsFeature
import FeatureHostCore
import Foundation
import WebUI

/// The car news page: draws the presenter's view state as HTML and turns page events into its actions.
///
/// Events: `refresh` (the header's button, the banner's and the message's `Retry`/`Refresh`, and the key `r`);
/// `open-<id>` (a card) selects that article and opens it; `close` and Escape go back from the article;
/// `newer`/`older` move the selection a page, which is the page shown. The browser's own Tab, arrows and
/// scrolling move between the cards; the presenter's selection is the card last opened or paged to.
@MainActor
public final class CarNewsWebScene: WebScene {
    public let presenter: CarNewsPresenter
    private var messageAction = MessageActionMemory()

    public init(presenter: CarNewsPresenter) {
        self.presenter = presenter
    }

    public func render() -> HTML {
        let state = presenter.viewState
        messageAction.note(state)
        // The presenter's locale, for the pager's counts (`10,000`): it groups its own the same way.
        return CarNewsPageMarkup.page(state, keptMessageAction: messageAction.label, locale: presenter.locale)
    }

    public func handle(_ event: PageEvent) -> WebEventHandling {
        let state = presenter.viewState
        switch event.kind {
        case .click:
            return click(event.action, state)
        case .key:
            switch event.key {
            case "r", "R":
                presenter.send(.refresh)
                return .handled
            case "Escape":
                return close(state)
            default:
                return .ignored
            }
        case .input, .change, .submit:
            return .ignored
        }
    }

    private func click(_ name: String, _ state: CarNewsViewState) -> WebEventHandling {
        switch CarNewsWebAction(name: name) {
        case .refresh?:
            presenter.send(.refresh)
            return .handled
        case .close?:
            return close(state)
        case let direction? where direction == .newer || direction == .older:
            let paging = ArticlePaging(count: state.rowCount, selectedIndex: state.selectedIndex)
            let target = paging.selection(forPage: paging.page + (direction == .older ? 1 : -1))
            guard state.detail == nil, let target else { return .ignored }
            return select(target, state)
        case .open(let id)?:
            guard state.detail == nil, let index = state.index(ofArticle: id) else { return .ignored }
            _ = select(index, state)
            presenter.send(.openSelected)
            return .handled
        default:
            return .ignored
        }
    }

    /// The presenter moves its selection by steps; the page names rows.
    private func select(_ index: Int, _ state: CarNewsViewState) -> WebEventHandling {
        guard let current = state.selectedIndex else { return .ignored }
        if index != current { presenter.send(.moveSelection(by: index - current)) }
        return .handled
    }

    private func close(_ state: CarNewsViewState) -> WebEventHandling {
        guard state.detail != nil else { return .ignored }
        presenter.send(.closeDetail)
        return .handled
    }
}
