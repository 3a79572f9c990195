import FeatureHostCore
import Foundation

/// Formats chats into rows with the user's locale, time zone and clock. Built once per presenter.
public final class ChatRowFormatter: Sendable, Equatable {
    /// What the output depends on: two formatters with the same configuration format identically.
    public struct Configuration: Sendable, Equatable {
        public var locale: String
        public var timeZone: String
        public var hourCycle: HourCycle
        public var language: String
    }

    public let configuration: Configuration
    public let strings: ChatsStrings
    private let dates: ChatDateFormatter
    private let numbers: NumberFormatter

    public init(locale: Locale, timeZone: TimeZone, hourCycle: HourCycle, strings: ChatsStrings) {
        self.strings = strings
        configuration = Configuration(
            locale: locale.identifier, timeZone: timeZone.identifier, hourCycle: hourCycle, language: strings.language)
        dates = ChatDateFormatter(locale: locale, timeZone: timeZone, hourCycle: hourCycle, strings: strings)
        let numbers = NumberFormatter()
        numbers.locale = locale
        numbers.numberStyle = .decimal
        self.numbers = numbers
    }

    public static func == (lhs: ChatRowFormatter, rhs: ChatRowFormatter) -> Bool {
        lhs === rhs || lhs.configuration == rhs.configuration
    }

    public func row(_ chat: Chat, avatar: ImageState?, now: Date) -> ChatRowState {
        ChatRowState(
            identifier: chat.identifier, name: chat.fullname, date: dates.string(for: chat.sendingDate, now: now),
            message: chat.message, unreadBadge: badge(chat.unreadMessagesCount), avatar: avatar,
            initials: Self.initials(of: chat.fullname), avatarColor: AvatarColor.forName(chat.fullname))
    }

    /// No badge at 0 (or a negative count from a bad file), the number up to 99, `99+` above.
    public func badge(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return count > 99 ? strings[.badgeOverflow] : number(count)
    }

    public func number(_ value: Int) -> String {
        numbers.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// `14 chats · 1,476 unread messages`; the unread part only when there are any.
    public func summary(chatCount: Int, unreadCount: Int) -> String {
        let chats = strings.plural(.chatCount, count: chatCount, number: number(chatCount))
        guard unreadCount > 0 else { return chats }
        return chats + strings[.summarySeparator] + strings.plural(.unreadCount, count: unreadCount, number: number(unreadCount))
    }

    public func date(_ date: Date, now: Date) -> String { dates.string(for: date, now: now) }

    /// When a saved copy was made (`12:34`, `Mar 2, 12:34`): see `ChatDateFormatter.moment(for:now:)`.
    public func savedMoment(_ date: Date, now: Date) -> String { dates.moment(for: date, now: now) }

    /// The first letters of the first and last words (`Liam O’Connor` → `LO`, `山田 花子` → `山花`), or `?`.
    static func initials(of name: String) -> String {
        let words = name.split(whereSeparator: { $0.isWhitespace }).filter { $0.first?.isLetter == true || $0.first?.isNumber == true }
        guard let first = words.first?.first else { return "?" }
        guard words.count > 1, let last = words.last?.first else { return String(first).uppercased() }
        return (String(first) + String(last)).uppercased()
    }
}
