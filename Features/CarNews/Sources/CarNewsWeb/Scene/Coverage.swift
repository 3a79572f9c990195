import WebUI

/// Whether the open article covers the list. The covered list stays in the page (its scroll position is where
/// the reader left it) but leaves the tab order and the accessibility tree: its controls get `tabindex="-1"`
/// and the list `aria-hidden`. Not `inert`: an inert subtree loses the focus, and the card that opened the
/// article must keep it, so that Escape (the root's `data-keys`) reaches the page and closing the article
/// returns the focus to that card.
enum Coverage {
    case shown
    case covered

    /// On every control of the list.
    var tabOrder: HTMLAttribute { self == .covered ? .tabindex(-1) : .nothing }
    /// On the list itself.
    var hiddenFromAssistiveTechnology: HTMLAttribute { self == .covered ? .aria("hidden", "true") : .nothing }
}

extension HTMLAttribute {
    /// No attribute at all, for the other branch of a conditional one in a variadic list: the builder leaves
    /// out a `data-` attribute whose name it refuses, and an empty name is refused.
    static let nothing: HTMLAttribute = .data("", "")
}
