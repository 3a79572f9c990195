import ChatsFeature
import FeatureHostCore
import Foundation
import WebUI

/// The list screen: the title and summary with the refresh control, a notice, then the page of rows holding
/// the selection (and the pager when there is more than one page), the empty message or the error.
enum ChatsListMarkup {
    static func list(_ list: ChatListState, copy: ChatsWebCopy, userChose: Bool = false) -> HTML {
        Tag.div(.class("chats-list")) {
            Tag.header(.class("chats-header")) {
                Tag.div(.class("chats-heading")) {
                    Tag.h1(.class("chats-title")) { list.title }.id("chats-title")
                    Tag.p(.class("chats-summary")) { list.summary }.id("chats-summary")
                }
                Tag.div(.class("chats-tools")) {
                    Tag.p(.class("chats-refreshing"), .role("status")) { list.refreshing ?? "" }.id("chats-refreshing")
                    if hasRefresh(list) {
                        // `aria-disabled`, not `disabled`: a disabled button drops the focus it has, and the keys
                        // with it; the scene ignores a refresh while one runs.
                        Tag.button(
                            .class("chats-refresh"), .type("button"), .data("action", ChatsWebAction.refresh.name),
                            .when(list.refreshing != nil, .aria("disabled", "true"))
                        ) { copy.refresh }
                        .id("chats-refresh")
                    }
                }
            }
            if let notice = list.notice { Tag.p(.class("chats-notice"), .role("status")) { notice } }
            content(list, copy: copy, userChose: userChose)
        }
    }

    private static func hasRefresh(_ list: ChatListState) -> Bool {
        switch list.content {
        case .rows, .empty: true
        case .loading, .failed: false
        }
    }

    private static func content(_ list: ChatListState, copy: ChatsWebCopy, userChose: Bool) -> HTML {
        switch list.content {
        case .loading(let text):
            return Tag.p(.class("chats-list-loading"), .role("status")) { text }
        case .empty(let title, let message):
            return Tag.div(.class("chats-empty")) {
                Tag.h2(.class("chats-empty-title")) { title }
                Tag.p(.class("chats-empty-message")) { message }
            }
        case .failed(let title, let message, let hint, let retry):
            return Tag.div(.class("chats-error"), .role("alert")) {
                Tag.h2(.class("chats-error-title")) { title }
                Tag.p(.class("chats-error-message")) { message }
                Tag.p(.class("chats-error-hint")) { hint }
                Tag.button(.class("chats-retry"), .type("button"), .data("action", ChatsWebAction.retry.name)) { retry }.id("chats-retry")
            }
        case .rows(let rows):
            return rowsPage(rows, selected: list.selectedIndex ?? 0, title: list.title, copy: copy, userChose: userChose)
        }
    }

    private static func rowsPage(
        _ rows: ChatRows, selected: Int, title: String, copy: ChatsWebCopy, userChose: Bool
    ) -> HTML {
        let pages = RowPages(count: rows.count)
        let page = pages.page(of: selected)
        let shown = pages.rows(ofPage: page)
        return HTML.build {
            Tag.ul(.class("chats-rows"), .aria("label", title)) {
                for (index, key) in keys(rows, shown) {
                    ChatRowMarkup.row(
                        rows[index], chat: rows.chat(at: index), index: index, key: key, isSelected: index == selected,
                        isCurrent: userChose && index == selected, copy: copy)
                }
            }
            .id("chats-rows")
            if pages.count > 1 { pager(pages, page: page, shown: shown, copy: copy) }
        }
    }

    /// Each shown row's key: `chat-<identifier>`, so a refresh that reorders keeps each row's element; a
    /// repeated identifier (a bad feed) gets its index too, so keys stay unique.
    static func keys(_ rows: ChatRows, _ shown: Range<Int>) -> [(Int, String)] {
        var seen = Set<Int>()
        return shown.map { index in
            let identifier = rows.chat(at: index).identifier
            let key = seen.insert(identifier).inserted ? "chat-\(identifier)" : "chat-\(identifier)-\(index)"
            return (index, key)
        }
    }

    private static func pager(_ pages: RowPages, page: Int, shown: Range<Int>, copy: ChatsWebCopy) -> HTML {
        let isFirst = page == 0
        let isLast = page == pages.count - 1
        return Tag.nav(.class("chats-pager"), .aria("label", copy.pager)) {
            pagerButton(.firstPage, copy.first, disabled: isFirst)
            pagerButton(.previousPage, copy.previous, disabled: isFirst)
            Tag.p(.class("chats-pager-position"), .role("status")) { copy.range(shown, of: pages.rowCount) }
            pagerButton(.nextPage, copy.next, disabled: isLast)
            pagerButton(.lastPage, copy.last, disabled: isLast)
        }
        .id("chats-pager")
    }

    /// At either end the buttons that lead nowhere are `aria-disabled` (the scene ignores them): a `disabled`
    /// one would drop the focus of the user who just pressed it.
    private static func pagerButton(_ action: ChatsWebAction, _ title: String, disabled: Bool) -> HTML {
        Tag.button(
            .class("chats-pager-button"), .type("button"), .data("action", action.name),
            .when(disabled, .aria("disabled", "true"))
        ) { title }
        .id(action.name)
    }
}
