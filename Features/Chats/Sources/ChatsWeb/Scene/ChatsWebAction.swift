/// The `data-action` names the chats page's controls carry, and their parsing back from a page event. Whatever a
/// page sends, parsing either finds one of these or nothing.
enum ChatsWebAction: Equatable {
    /// The list's refresh button.
    case refresh
    /// "Try again" after an error.
    case retry
    case firstPage
    case previousPage
    case nextPage
    case lastPage
    /// The row at `index` of the list; whether that row exists is the scene's check.
    case select(index: Int)

    var name: String {
        switch self {
        case .refresh: return "refresh"
        case .retry: return "retry"
        case .firstPage: return "page-first"
        case .previousPage: return "page-previous"
        case .nextPage: return "page-next"
        case .lastPage: return "page-last"
        case .select(let index): return "select-\(index)"
        }
    }

    init?(name: String) {
        switch name {
        case "refresh": self = .refresh
        case "retry": self = .retry
        case "page-first": self = .firstPage
        case "page-previous": self = .previousPage
        case "page-next": self = .nextPage
        case "page-last": self = .lastPage
        default:
            guard name.hasPrefix("select-"), let index = Int(name.dropFirst("select-".count)) else { return nil }
            self = .select(index: index)
        }
    }
}
