import ChatsFeature
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation

/// Builders the chats test targets share.
package enum Fixtures {
    /// 2026-03-16 12:34:00 UTC, `TestHost`'s default start.
    package static let start = Date(timeIntervalSince1970: 1_773_664_440)

    package static func date(_ iso: String) -> Date {
        guard let date = try? Date.ISO8601FormatStyle().parse(iso) else { preconditionFailure("bad fixture date \(iso)") }
        return date
    }

    package static func chat(
        _ id: Int, _ name: String, avatar: String = "", message: String = "Hi", unread: Int = 0,
        at iso: String = "2026-03-16T10:00:00Z"
    ) -> Chat {
        chat(id, name, avatar: avatar, message: message, unread: unread, sent: date(iso))
    }

    package static func chat(_ id: Int, _ name: String, avatar: String = "", message: String, unread: Int, sent: Date) -> Chat {
        Chat(identifier: id, fullname: name, avatarURL: avatar, message: message, unreadMessagesCount: unread, sendingDate: sent)
    }

    /// A source that serves `chats`. The presenter counts its load in flight, so `host.settle()` waits for it.
    package static func source(_ chats: [Chat], origin: DataOrigin = .fresh) -> ChatsSource {
        AnyDataSource { Loaded(chats, origin: origin) }
    }

    /// The presenter as the feature makes it, on `host`'s context. `configured` is the source the config names,
    /// which decides where avatars may come from besides public hosts (its own origin).
    @MainActor
    package static func presenter(
        _ host: TestHost, source: ChatsSource, timing: ChatsSettings = .standard, locale: String = "en_US",
        configured: SourceConfiguration? = nil
    ) throws -> ChatsPresenter {
        ChatsFeature.makePresenter(
            context: try host.context(id: "chats", source: configured, locale: Locale(identifier: locale)), source: source, timing: timing)
    }

    package static func formatter(locale: String = "en_US", timeZone: String = "UTC", hourCycle: HourCycle = .twentyFourHour)
        -> ChatRowFormatter
    {
        let locale = Locale(identifier: locale)
        return ChatRowFormatter(
            locale: locale, timeZone: TimeZone(identifier: timeZone) ?? .current, hourCycle: hourCycle,
            strings: ChatsStrings(locale: locale))
    }
}
