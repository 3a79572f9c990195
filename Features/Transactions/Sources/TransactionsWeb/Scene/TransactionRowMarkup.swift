import TransactionsFeature
import WebUI

/// One transaction: a toggle button (`aria-pressed` is its pin). Pinned, it shows the category (in its
/// colour) and the pin; the name and the amount; the merchant · account and the date. Unpinned, it collapses
/// (the rows below slide up, see transactions.css) to the category and the crossed-out pin, blended into the page. The row is keyed `tx-<id>` and its button
/// `tx-<id>-pin`, so a selection that moves or a pin that toggles changes that button in place.
enum TransactionRowMarkup {
    /// `focusFollows`: keyboard focus follows the selection here (not while the filter bar has the keys).
    static func row(_ row: TransactionRow, index: Int, isSelected: Bool, focusFollows: Bool = true) -> HTML {
        var classes = "tx-row tx-c-\(row.color.rawValue)"
        if !row.isPinned { classes += " tx-unpinned" }
        if isSelected { classes += " tx-selected" }
        // `data-fh-slide`: the client slides an item a patch moved with a transform (no layout animation).
        return Tag.li(.class("tx-item"), .data("fh-slide", "")) {
            Tag.button(
                .class(classes), .type("button"), .aria("pressed", row.isPinned ? "true" : "false"),
                .when(isSelected, .aria("current", "true")),
                // Keyboard focus follows the selection ↑/↓ move (the client's `data-fh-focus`).
                .when(isSelected && focusFollows, .data("fh-focus", "")),
                .data("action", TransactionsWebAction.togglePin(index: index, id: row.id).name)
            ) {
                Tag.span(.class("tx-row-head")) {
                    Tag.span(.class("tx-category tx-t-\(row.color.rawValue)")) { row.category }
                    if !row.isPinned { Tag.span(.class("tx-hidden-text")) { " (\(TransactionsWebCopy.unpinned))" } }
                    PinIcon.icon(isPinned: row.isPinned)
                }
                // Always there, so unpinning can animate the row's height down (and pinning up) rather than jump:
                // collapsed and hidden from assistive technology while unpinned.
                Tag.span(.class("tx-row-body"), .when(!row.isPinned, .aria("hidden", "true"))) {
                    Tag.span(.class("tx-row-body-inner")) {
                        Tag.span(.class("tx-row-main")) {
                            Tag.span(.class("tx-name")) { row.name }
                            Tag.span(.class("tx-amount")) { row.amount }
                        }
                        Tag.span(.class("tx-row-meta")) {
                            Tag.span(.class("tx-account")) { [row.provider, row.accountName].compactMap { $0 }.joined(separator: " · ") }
                            Tag.span(.class("tx-date")) { row.date }
                        }
                    }
                }
            }
            .id("tx-\(row.id)-pin")
        }
        .id("tx-\(row.id)")
    }
}

/// The pin, ours: a push pin, crossed out when unpinned. Decoration: the button's `aria-pressed` says it.
enum PinIcon {
    static func icon(isPinned: Bool) -> HTML {
        Tag.svg(
            .class("tx-pin"), .viewBox("0 0 24 24"), .width("20"), .height("20"), .fill("none"),
            .stroke("currentColor"), .strokeWidth("2"), .aria("hidden", "true")
        ) {
            Tag.path(.d("M9 3h6l-1 6 4 4v2H6v-2l4-4z"))
            Tag.path(.d("M12 15v6"))
            if !isPinned { Tag.path(.d("M4 3l16 18")) }
        }
    }
}
