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
    var tabOrder: HTMLAttribute { .when(self == .covered, .tabindex(-1)) }
    /// On the list itself.
    var hiddenFromAssistiveTechnology: HTMLAttribute { .when(self == .covered, .aria("hidden", "true")) }
}
