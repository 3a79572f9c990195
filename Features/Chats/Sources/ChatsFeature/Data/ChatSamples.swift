import Foundation

/// The bundled sample, as the `in-memory` kind serves it. `Resources/chats.plist` (the exact schema of the
/// original `data.plist`) and `Resources/chats.json` hold the same rows; a test keeps the three equal.
///
/// The rows are written as of `anchor` (2026-03-16 12:34 UTC). Loaded as the bundled sample, the recent ones
/// (within `recentSpan` before the anchor) move with the clock: each keeps its age, so "4 minutes ago" is
/// always today and the sample always shows times, `Yesterday` and weekdays. Older rows (the holidays, last
/// year, the original's 2015 date) keep their dates. A file the config names is never changed.
public enum ChatSamples {
    /// The instant the sample was written as of: the `now` at which every date is exactly as in the files.
    public static let anchor = Date(timeIntervalSince1970: 1_773_664_440)  // 2026-03-16T12:34:00Z
    /// How far before the anchor a row counts as recent: three weeks, so today, yesterday, the weekdays and
    /// one "earlier this year" row move.
    public static let recentSpan: TimeInterval = 21 * 24 * 3600

    /// `chats` with every recent date moved by `now − anchor`, as the bundled sample is served at `now`.
    public static func relative(_ chats: [Chat], to now: Date) -> [Chat] {
        let shift = now.timeIntervalSince(anchor)
        return chats.map { chat in
            guard anchor.timeIntervalSince(chat.sendingDate) <= recentSpan else { return chat }
            var moved = chat
            moved.sendingDate = chat.sendingDate.addingTimeInterval(shift)
            return moved
        }
    }

    public static let all: [Chat] = [
        Chat(
            identifier: 1, fullname: "Emma Johansson", avatarURL: "http://i.pravatar.cc/150?img=5",
            message: "The package arrived — thank you so much!",
            unreadMessagesCount: 7, sendingDate: Date(timeIntervalSince1970: 1_762_186_800)),  // 2025-11-03T16:20:00Z
        Chat(
            identifier: 2, fullname: "Anna Lindqvist", avatarURL: "http://i.pravatar.cc/150?img=47",
            message: "Are we still on for lunch? I’ll book the table — 12:30 at the usual place.",
            unreadMessagesCount: 2, sendingDate: Date(timeIntervalSince1970: 1_773_662_280)),  // 2026-03-16T11:58:00Z
        Chat(
            identifier: 3, fullname: "Marco Bianchi", avatarURL: "http://i.pravatar.cc/150?img=12",
            message: "Thanks! 🎉",
            unreadMessagesCount: 0, sendingDate: Date(timeIntervalSince1970: 1_773_654_060)),  // 2026-03-16T09:41:00Z
        Chat(
            identifier: 4, fullname: "Priya Raman", avatarURL: "http://i.pravatar.cc/150?img=32",
            message: "Sent you the slides — let me know what you think.",
            unreadMessagesCount: 1, sendingDate: Date(timeIntervalSince1970: 1_773_608_820)),  // 2026-03-15T21:07:00Z
        Chat(
            identifier: 5, fullname: "Tomás Ortega", avatarURL: "",
            message: "Can’t make it tonight, sorry. Next week?",
            unreadMessagesCount: 12, sendingDate: Date(timeIntervalSince1970: 1_773_563_400)),  // 2026-03-15T08:30:00Z
        Chat(
            identifier: 6, fullname: "Chloé Martin", avatarURL: "http://i.pravatar.cc/150?img=44",
            message: "See you on Monday.",
            unreadMessagesCount: 0, sendingDate: Date(timeIntervalSince1970: 1_773_423_900)),  // 2026-03-13T17:45:00Z
        Chat(
            identifier: 7, fullname: "山田 花子", avatarURL: "http://i.pravatar.cc/150?img=49",
            message: "了解です！ See you at the station.",
            unreadMessagesCount: 3, sendingDate: Date(timeIntervalSince1970: 1_773_230_400)),  // 2026-03-11T12:00:00Z
        Chat(
            identifier: 8, fullname: "Jonas Weber", avatarURL: "http://i.pravatar.cc/150?img=53",
            message:
                "I went through the whole report this afternoon and left comments on every section — most of them are small wording fixes, but the numbers in the third chapter don’t add up, and I think we should go over them together before it goes out on Friday.",
            unreadMessagesCount: 0, sendingDate: Date(timeIntervalSince1970: 1_773_154_920)),  // 2026-03-10T15:02:00Z
        Chat(
            identifier: 9, fullname: "Fatima Zahra El Amrani", avatarURL: "http://i.pravatar.cc/150?img=26",
            message: "Photos from the trip are up.",
            unreadMessagesCount: 100, sendingDate: Date(timeIntervalSince1970: 1_772_479_800)),  // 2026-03-02T19:30:00Z
        Chat(
            identifier: 10, fullname: "Liam O’Connor", avatarURL: "http://i.pravatar.cc/150?img=60",
            message: "Happy Valentine’s Day — from all of us!",
            unreadMessagesCount: 99, sendingDate: Date(timeIntervalSince1970: 1_771_056_000)),  // 2026-02-14T08:00:00Z
        Chat(
            identifier: 11, fullname: "Sofia Nowak", avatarURL: "http://i.pravatar.cc/150?img=38",
            message: "Happy new year!",
            unreadMessagesCount: 250, sendingDate: Date(timeIntervalSince1970: 1_767_225_900)),  // 2026-01-01T00:05:00Z
        Chat(
            identifier: 12, fullname: "Oliver Smith", avatarURL: "",
            message: "Merry Christmas 🎄",
            unreadMessagesCount: 0, sendingDate: Date(timeIntervalSince1970: 1_766_599_200)),  // 2025-12-24T18:00:00Z
        Chat(
            identifier: 13, fullname: "TestfulApp Team", avatarURL: "http://i.pravatar.cc/150?img=68",
            message: "Welcome to TestfulApp — we’re glad you’re here.",
            unreadMessagesCount: 1, sendingDate: Date(timeIntervalSince1970: 1_446_545_700)),  // 2015-11-03T10:15:00Z
        Chat(
            identifier: 14, fullname: "Noah Fischer", avatarURL: "http://i.pravatar.cc/150?img=15",
            message: "Did you see the game last night?",
            unreadMessagesCount: 1000, sendingDate: Date(timeIntervalSince1970: 1_773_664_200)),  // 2026-03-16T12:30:00Z
    ]
}
