import ChatsFeature
import FeatureHostCore
import WebUI

/// The chats page as HTML: the list layer under the loading layer, as the hand-over needs them. Pure: the
/// same state gives the same bytes.
///
/// The root always has these two children, keyed, so the list layer that grows during the hand-over is the
/// same element that stays as the list, and the loader's running animations survive the change from the
/// loading screen to the hand-over. The root's class names the screen; the stylesheet runs the loader's
/// dissolve (from `loading`) and the hand-over (`transition`) with the durations in `data-fh-vars`.
enum ChatsPageMarkup {
    /// `userChose`: the selected row is `aria-current` only once the user has chosen one.
    static func page(_ state: ChatsViewState, timing: ChatsSettings, copy: ChatsWebCopy, userChose: Bool = false) -> HTML {
        let screen = screenName(state.screen)
        return Tag.div(
            .class("chats chats-screen-\(screen)"), .data("fh-vars", vars(timing)), keys(state)
        ) {
            listLayer(state, copy: copy, userChose: userChose)
            ChatsLoadingMarkup.layer(state, copy: copy)
        }
        .id("chats")
    }

    static func screenName(_ screen: ChatsViewState.Screen) -> String {
        switch screen {
        case .launch: "launch"
        case .loading: "loading"
        case .transition: "transition"
        case .list: "list"
        }
    }

    /// `--chats-frame:100ms;--chats-handover:300ms`: one dissolve and the hand-over, from the settings.
    static func vars(_ timing: ChatsSettings) -> String {
        "--chats-frame:\(milliseconds(timing.frameDuration))ms;--chats-handover:\(milliseconds(timing.transitionDuration))ms"
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int((duration / .milliseconds(1)).rounded())
    }

    /// The terminal's keys, on the list only: before it they are left to the browser, as the terminal leaves
    /// them to the shell.
    private static func keys(_ state: ChatsViewState) -> HTMLAttribute {
        guard state.screen == .list else { return .nothing }
        if let rows = state.list.rows, !rows.isEmpty { return .data("keys", "ArrowDown ArrowUp PageDown PageUp Home End r") }
        if case .loading = state.list.content { return .nothing }
        return .data("keys", "r")
    }

    /// Empty and hidden before the hand-over; from it, the list (growing from 70 % while it runs).
    private static func listLayer(_ state: ChatsViewState, copy: ChatsWebCopy, userChose: Bool) -> HTML {
        switch state.screen {
        case .launch, .loading:
            return Tag.section(.class("chats-list-layer"), .hidden()).id("chats-list-layer")
        case .transition:
            return Tag.section(.class("chats-list-layer chats-entering"), .aria("hidden", "true")) {
                ChatsListMarkup.list(state.list, copy: copy, userChose: userChose)
            }
            .id("chats-list-layer")
        case .list:
            return Tag.section(.class("chats-list-layer"), .aria("labelledby", "chats-title")) {
                ChatsListMarkup.list(state.list, copy: copy, userChose: userChose)
            }
            .id("chats-list-layer")
        }
    }
}
