import ChatsFixtures
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation

@testable import ChatsFeature

/// The feature tests' builders beside the shared ones.
extension Fixtures {
    /// Where the launch's hand-over ends (the bundled timing, 2.8 s after `.appear`): the list on screen, the loader
    /// at its last frame and its layer gone.
    static func handedOver(_ state: inout ChatsViewState) {
        state.screen = .list
        state.loader = LoaderState(frameIndex: 5, nextFrameIndex: 0, dissolve: 0, frameCount: 6)
        state.loadingLayer = LayerState(scale: 1.2, opacity: 0)
        state.listLayer = .identity
        state.transitionProgress = 1
    }

    /// The list state of the loading screen (nothing loaded yet).
    static var loadingList: ChatListState {
        ChatListState(title: "Chats", content: .loading("Loading chats…"))
    }

    /// The list state for `chats` (already in display order) with `avatars` and the default selection.
    static func list(
        _ chats: [Chat], summary: String, avatars: [URL: ImageState] = [:], now: Date = start, selected: Int = 0,
        notice: String? = nil, refreshing: String? = nil
    ) -> ChatListState {
        ChatListState(
            title: "Chats", summary: summary, notice: notice,
            content: .rows(ChatRows(chats: chats, avatars: avatars, now: now, formatter: formatter())),
            selectedIndex: selected, refreshing: refreshing)
    }

    /// Every avatar URL of `chats` in `state`.
    static func avatars(_ chats: [Chat], _ state: ImageState) -> [URL: ImageState] {
        Dictionary(chats.compactMap { $0.avatar.map { ($0, state) } }, uniquingKeysWith: { first, _ in first })
    }

    /// How the host's image cache words a 404 for the bundled sample's avatars (`http://i.pravatar.cc/150?img=5`).
    static let sampleAvatarNotFound = ImageState.failed("The image 150 could not be loaded: the server answered HTTP 404.")

}
