import ChatsFeature
import FeatureHostCore
import FeatureHostTesting
import Foundation

/// Builders for the scene tests (a few lines the feature tests' `Fixtures` also have).
enum TerminalFixtures {
    /// 2026-03-16 12:34:00 UTC, `TestHost`'s default start.
    static let start = Date(timeIntervalSince1970: 1_773_664_440)

    static func chat(
        _ id: Int, _ name: String, avatar: String = "", message: String = "Hi", unread: Int = 0, at iso: String = "2026-03-16T10:00:00Z"
    )
        -> Chat
    {
        guard let date = try? Date.ISO8601FormatStyle().parse(iso) else { preconditionFailure("bad fixture date \(iso)") }
        return Chat(identifier: id, fullname: name, avatarURL: avatar, message: message, unreadMessagesCount: unread, sendingDate: date)
    }

    static func source(_ chats: [Chat]) -> ChatsSource { AnyDataSource { Loaded(chats) } }

    /// The presenter as the feature makes it, on `host`'s context.
    @MainActor
    static func presenter(_ host: TestHost, source: ChatsSource, locale: String = "en_US") throws -> ChatsPresenter {
        ChatsFeature.makePresenter(
            context: try host.context(id: "chats", locale: Locale(identifier: locale)), source: source, timing: .standard)
    }

    static let formatter = ChatRowFormatter(
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .gmt, hourCycle: .twentyFourHour,
        strings: ChatsStrings(locale: Locale(identifier: "en_US")))

}
