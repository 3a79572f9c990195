/// The `data-action` names the car news page's controls carry, and their parsing back from a page event.
/// Whatever a page sends, parsing either finds one of these or nothing.
enum CarNewsWebAction: Equatable {
    /// The header's refresh button, and "Try again".
    case refresh
    /// The article's back button.
    case close
    /// The pager: the page of newer or older articles.
    case newer
    case older
    /// A card: `open-<id>`, the article's id.
    case open(articleID: Int64)

    var name: String {
        switch self {
        case .refresh: return "refresh"
        case .close: return "close"
        case .newer: return "newer"
        case .older: return "older"
        case .open(let id): return "open-\(id)"
        }
    }

    init?(name: String) {
        switch name {
        case "refresh": self = .refresh
        case "close": self = .close
        case "newer": self = .newer
        case "older": self = .older
        default:
            guard name.hasPrefix("open-"), let id = Int64(name.dropFirst("open-".count)) else { return nil }
            self = .open(articleID: id)
        }
    }
}
