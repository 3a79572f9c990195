import TransactionsFeature

/// The `data-action` names the page uses, and their parsing back from a page event. Whatever a page sends,
/// parsing either finds one of these or nothing.
enum TransactionsWebAction: Equatable {
    case showTab(TransactionsPresenter.Tab)
    case chooseFilter(CategoryFilter)
    /// The row at `index` of the shown filter, transaction `id`: a page one update behind may send an index that
    /// no longer holds that id.
    case togglePin(index: Int, id: Int)
    case previousPage
    case nextPage
    case retry

    var name: String {
        switch self {
        case .showTab(let tab): return "tab-\(tab.rawValue)"
        case .chooseFilter(let filter): return "filter-\(filter.title)"
        case .togglePin(let index, let id): return "pin-\(index)-\(id)"
        case .previousPage: return "page-previous"
        case .nextPage: return "page-next"
        case .retry: return "retry"
        }
    }

    init?(name: String) {
        if let tab = name.droppingPrefix("tab-").flatMap(TransactionsPresenter.Tab.init(rawValue:)) {
            self = .showTab(tab)
        } else if let title = name.droppingPrefix("filter-"),
            let filter = CategoryFilter.allCases.first(where: { $0.title == title })
        {
            self = .chooseFilter(filter)
        } else if let numbers = name.droppingPrefix("pin-") {
            let parts = numbers.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let id = Int(parts[1]), index >= 0 else { return nil }
            self = .togglePin(index: index, id: id)
        } else {
            switch name {
            case "page-previous": self = .previousPage
            case "page-next": self = .nextPage
            case "retry": self = .retry
            default: return nil
            }
        }
    }
}

extension String {
    fileprivate func droppingPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
