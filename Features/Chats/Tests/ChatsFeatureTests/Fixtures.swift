import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation

@testable import ChatsFeature

/// Shared builders for the chats tests.
enum Fixtures {
    /// 2026-03-16 12:34:00 UTC, `TestHost`'s default start.
    static let start = Date(timeIntervalSince1970: 1_773_664_440)

    static func date(_ iso: String) -> Date {
        guard let date = ChatsDecoding.parseISO8601(iso) else { preconditionFailure("bad fixture date \(iso)") }
        return date
    }

    static func chat(
        _ id: Int, _ name: String, avatar: String = "", message: String = "Hi", unread: Int = 0,
        at iso: String = "2026-03-16T10:00:00Z"
    ) -> Chat {
        Chat(identifier: id, fullname: name, avatarURL: avatar, message: message, unreadMessagesCount: unread, sendingDate: date(iso))
    }

    /// A source that serves `chats`. The presenter counts its load in flight, so `host.settle()` waits for it.
    static func source(_ chats: [Chat], origin: DataOrigin = .fresh) -> ChatsSource {
        AnyDataSource { Loaded(chats, origin: origin) }
    }

    /// The presenter as the feature makes it, on `host`'s context. `configured` is the source the config names,
    /// which decides where avatars may come from besides public hosts (its own origin).
    @MainActor
    static func presenter(
        _ host: TestHost, source: ChatsSource, timing: ChatsSettings = .standard, locale: String = "en_US",
        configured: SourceConfiguration? = nil
    ) throws -> ChatsPresenter {
        ChatsFeature.makePresenter(
            context: try host.context(id: "chats", source: configured, locale: Locale(identifier: locale)), source: source, timing: timing)
    }

    static func formatter(locale: String = "en_US", timeZone: String = "UTC", hourCycle: HourCycle = .twentyFourHour)
        -> ChatRowFormatter
    {
        let locale = Locale(identifier: locale)
        return ChatRowFormatter(
            locale: locale, timeZone: TimeZone(identifier: timeZone) ?? .current, hourCycle: hourCycle,
            strings: ChatsStrings(locale: locale))
    }

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
