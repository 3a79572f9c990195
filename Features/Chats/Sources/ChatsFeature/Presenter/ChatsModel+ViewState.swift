import FeatureHostCore
import Foundation

extension ChatsModel {
    /// The screens at `now` on the timeline: the launch screen, the loader, the hand-over's layers or the list,
    /// and the list's content, formatted by `formatter`.
    func viewState(at now: Duration, formatter: ChatRowFormatter) -> ChatsViewState {
        var state = ChatsViewState(
            screen: .launch, loadingLabel: formatter.strings[.loadingAccessibility], loader: animation.loader(at: .zero),
            loadingLayer: .identity, listLayer: animation.layers(progress: 0).list, transitionProgress: 0,
            list: listState(formatter: formatter))
        guard let loadingStart, now >= loadingStart else { return state }
        let elapsed = now - loadingStart
        guard let handOver, elapsed >= handOver else {
            state.screen = .loading
            state.loader = animation.loader(at: elapsed)
            return state
        }
        let progress = animation.transitionProgress(at: elapsed, handOver: handOver)
        let layers = animation.layers(progress: progress)
        state.transitionProgress = LoadingAnimation.presentation(progress)
        state.loadingLayer = layers.loading
        state.listLayer = layers.list
        if progress < 1 {
            state.screen = .transition
            state.loader = animation.loader(at: elapsed)
        } else {
            // Frozen at the hand-over's end, so the list's state does not change with time.
            state.screen = .list
            state.loader = animation.loader(at: handOver + timing.transitionDuration)
        }
        return state
    }

    /// Which screen shows at `now`: what `.reload` asks (only the list reloads).
    func screen(at now: Duration) -> ChatsViewState.Screen {
        guard let loadingStart, now >= loadingStart else { return .launch }
        guard let handOver, now - loadingStart >= handOver else { return .loading }
        return animation.transitionProgress(at: now - loadingStart, handOver: handOver) < 1 ? .transition : .list
    }

    private func listState(formatter: ChatRowFormatter) -> ChatListState {
        let strings = formatter.strings
        var list = ChatListState(title: strings[.title], content: .loading(strings[.reloading]))
        if let chats {
            list.content =
                chats.isEmpty
                ? .empty(title: strings[.emptyTitle], message: strings[.emptyMessage])
                : .rows(ChatRows(chats: chats, avatars: avatars, now: referenceDate, formatter: formatter))
            list.summary = formatter.summary(chatCount: chats.count, unreadCount: unreadCount)
            list.selectedIndex = chats.isEmpty ? nil : selectedIndex
            list.refreshing = isLoading ? strings[.reloading] : nil
            var notices: [String] = []
            if let refreshError {
                notices.append(strings[.errorTitle] + ": " + refreshError)
            } else if case .cached(let savedAt, let reason) = origin {
                // Why it is offline too: the saved copy alone does not say what to fix.
                notices.append(strings.format(.cachedNotice, formatter.savedMoment(savedAt, now: referenceDate)) + ". " + reason)
            }
            notices += sourceNotices
            list.notice = notices.isEmpty ? nil : notices.joined(separator: " ")
        } else if let loadError, !isLoading {
            list.content = .failed(
                title: strings[.errorTitle], message: loadError, hint: strings[.errorHint], retry: strings[.retryButton])
        }
        return list
    }
}
