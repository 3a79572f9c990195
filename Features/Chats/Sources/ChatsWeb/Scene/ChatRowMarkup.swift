import ChatsFeature
import FeatureHostCore
import WebUI

/// One chat row: a button (selecting the row, as the terminal's keys do) holding the round avatar, the name,
/// the date, the whole message and the unread badge. Its height follows its content: nothing is cut. The row is
/// keyed `key` and its button `key-select`, so a selection that moves changes their attributes in place.
enum ChatRowMarkup {
    /// The avatar's size in CSS pixels; the placeholder has the same, so a loading picture moves nothing.
    static let avatarSize = "48"

    /// `isCurrent`: the selected row once the user has chosen it (`aria-current`); `isSelected` alone keeps the
    /// tint and the focus target, which the terminal's cursor and the keys need from the start.
    static func row(
        _ row: ChatRowState, chat: Chat, index: Int, key: String, isSelected: Bool, isCurrent: Bool, copy: ChatsWebCopy
    ) -> HTML {
        Tag.li(.class(isSelected ? "chats-row chats-selected" : "chats-row")) {
            Tag.button(
                .class("chats-row-button"), .type("button"), .data("action", ChatsWebAction.select(index: index).name),
                .when(isCurrent, .aria("current", "true")),
                // Keyboard focus follows the selection ↑/↓ move (the client's `data-fh-focus`).
                .when(isSelected, .data("fh-focus", ""))
            ) {
                avatar(row.avatar).id("\(key)-avatar")
                Tag.span(.class("chats-name")) { row.name }
                Tag.span(.class("chats-date")) { row.date }
                Tag.span(.class("chats-message")) { row.message }
                if let badge = row.unreadBadge {
                    Tag.span(
                        .class("chats-badge"),
                        .aria("label", copy.strings.plural(.unreadCount, count: chat.unreadMessagesCount, number: badge))
                    ) { badge }
                }
            }
            .id("\(key)-select")
        }
        .id(key)
    }

    /// The picture once the host's cache has it (served from `/images/<key>`); until then, when it failed,
    /// and when there is none, the solid `#C8C8C8` circle. The name beside it says who it is, so the picture's
    /// alternative text is empty (decorative), not the name a second time.
    static func avatar(_ state: ImageState?) -> HTML {
        if case .loaded(let reference)? = state {
            return Tag.img(
                .class("chats-avatar"), .src(WebImage.path(for: reference)), .alt(""), .width(avatarSize), .height(avatarSize))
        }
        return Tag.span(.class("chats-avatar chats-avatar-placeholder"), .data("image", placeholderReason(state)))
    }

    private static func placeholderReason(_ state: ImageState?) -> String {
        switch state {
        case .loading?: "loading"
        case .failed?: "failed"
        case .loaded?, nil: "none"
        }
    }
}
