import ChatsFixtures
import FeatureHostCore
import Foundation
import Testing

@testable import ChatsFeature

@Suite("Formatting rows: dates, badges, plurals, languages")
struct FormattingTests {
    static let now = Fixtures.date("2026-03-16T12:34:00Z")  // a Monday

    @Test(arguments: [
        ("2026-03-16T12:30:00Z", "12:30"),
        ("2026-03-16T00:00:00Z", "00:00"),
        ("2026-03-15T23:59:59Z", "Yesterday"),
        ("2026-03-15T00:00:00Z", "Yesterday"),
        ("2026-03-14T12:00:00Z", "Saturday"),
        ("2026-03-10T12:00:00Z", "Tuesday"),
        ("2026-03-09T12:00:00Z", "Mar 9"),
        ("2026-01-01T00:05:00Z", "Jan 1"),
        ("2025-12-31T23:59:00Z", "12/31/2025"),
        ("2015-11-03T10:15:00Z", "11/3/2015"),
        ("2026-03-17T08:00:00Z", "3/17/2026"),
    ])
    func relativeDatesInEnglish(_ iso: String, _ expected: String) {
        #expect(Fixtures.formatter().date(Fixtures.date(iso), now: Self.now) == expected)
    }

    @Test func twelveHourClockUsesAPlainSpace() {
        let formatter = Fixtures.formatter(hourCycle: .twelveHour)
        #expect(formatter.date(Fixtures.date("2026-03-16T09:43:00Z"), now: Self.now) == "9:43 AM")
        #expect(formatter.date(Fixtures.date("2026-03-16T21:43:00Z"), now: Fixtures.date("2026-03-16T22:00:00Z")) == "9:43 PM")
    }

    @Test func germanDatesAndStrings() {
        let formatter = Fixtures.formatter(locale: "de_DE")
        #expect(formatter.date(Fixtures.date("2026-03-16T09:43:00Z"), now: Self.now) == "09:43")
        #expect(formatter.date(Fixtures.date("2026-03-15T09:43:00Z"), now: Self.now) == "Gestern")
        #expect(formatter.date(Fixtures.date("2026-03-12T09:43:00Z"), now: Self.now) == "Donnerstag")
        #expect(formatter.date(Fixtures.date("2026-03-02T09:43:00Z"), now: Self.now) == "2. März")
        #expect(formatter.date(Fixtures.date("2015-11-03T10:15:00Z"), now: Self.now) == "3.11.2015")
        #expect(formatter.summary(chatCount: 1, unreadCount: 1) == "1 Chat · 1 ungelesene Nachricht")
        #expect(formatter.summary(chatCount: 14, unreadCount: 1_476) == "14 Chats · 1.476 ungelesene Nachrichten")
        #expect(formatter.strings[.errorTitle] == "Chats konnten nicht geladen werden")
    }

    @Test func theOfflineNoticeIsGrammaticalInEveryLanguage() {
        // `vom Gestern`, `vom 19:47` and `saved Yesterday` came from feeding the row's relative date to the sentence.
        let german = Fixtures.formatter(locale: "de_DE")
        func notice(_ formatter: ChatRowFormatter, _ iso: String) -> String {
            formatter.strings.format(.cachedNotice, formatter.savedMoment(Fixtures.date(iso), now: Self.now))
        }
        #expect(notice(german, "2026-03-16T09:43:00Z") == "Offline: gespeicherte Chats, Stand 09:43")
        #expect(notice(german, "2026-03-15T19:47:00Z") == "Offline: gespeicherte Chats, Stand 15. März, 19:47")
        #expect(notice(german, "2025-12-01T19:47:00Z") == "Offline: gespeicherte Chats, Stand 1. Dez. 2025, 19:47")
        let english = Fixtures.formatter()
        #expect(notice(english, "2026-03-16T09:43:00Z") == "Offline: showing chats saved 09:43")
        #expect(notice(english, "2026-03-15T19:47:00Z") == "Offline: showing chats saved Mar 15, 19:47")
    }

    @Test func daysAreCountedInTheUsersTimeZone() {
        // 23:30 UTC on the 15th is 00:30 on the 16th in Berlin: today there, yesterday in UTC.
        let date = Fixtures.date("2026-03-15T23:30:00Z")
        #expect(Fixtures.formatter(timeZone: "Europe/Berlin").date(date, now: Self.now) == "00:30")
        #expect(Fixtures.formatter(timeZone: "UTC").date(date, now: Self.now) == "Yesterday")
        // 06:00 UTC on the 16th is 23:00 on the 15th in Los Angeles (UTC−7 in March 2026).
        let early = Fixtures.date("2026-03-16T06:00:00Z")
        #expect(Fixtures.formatter(timeZone: "America/Los_Angeles").date(early, now: Self.now) == "Yesterday")
        #expect(Fixtures.formatter(timeZone: "UTC").date(early, now: Self.now) == "06:00")
    }

    @Test func unreadBadge() {
        let formatter = Fixtures.formatter()
        #expect(formatter.badge(0) == nil)
        #expect(formatter.badge(-3) == nil)
        #expect(formatter.badge(1) == "1")
        #expect(formatter.badge(99) == "99")
        #expect(formatter.badge(100) == "99+")
        #expect(formatter.badge(1_000_000) == "99+")
    }

    @Test func summaryPluralsInEnglish() {
        let formatter = Fixtures.formatter()
        #expect(formatter.summary(chatCount: 0, unreadCount: 0) == "0 chats")
        #expect(formatter.summary(chatCount: 1, unreadCount: 0) == "1 chat")
        #expect(formatter.summary(chatCount: 1, unreadCount: 1) == "1 chat · 1 unread message")
        #expect(formatter.summary(chatCount: 2, unreadCount: 2) == "2 chats · 2 unread messages")
        #expect(formatter.summary(chatCount: 100_000, unreadCount: 1_476) == "100,000 chats · 1,476 unread messages")
    }

    @Test func pluralCategories() {
        for language in ["en", "de"] {
            #expect(PluralCategory.of(1, language: language) == .one)
            for count in [0, 2, 5, 11, 21, 101, -1] { #expect(PluralCategory.of(count, language: language) == .other) }
        }
    }

    @Test func initialsAndColours() {
        #expect(ChatRowFormatter.initials(of: "Liam O’Connor") == "LO")
        #expect(ChatRowFormatter.initials(of: "Fatima Zahra El Amrani") == "FA")
        #expect(ChatRowFormatter.initials(of: "山田 花子") == "山花")
        #expect(ChatRowFormatter.initials(of: "cher") == "C")
        #expect(ChatRowFormatter.initials(of: "  ") == "?")
        #expect(ChatRowFormatter.initials(of: "— Ann") == "A")
        #expect(AvatarColor.forName("Anna Lindqvist") == AvatarColor.forName("Anna Lindqvist"))
        #expect(Set(ChatSamples.all.map { AvatarColor.forName($0.fullname) }).count > 3)
    }

    @Test func rowIsFullyFormatted() {
        let chat = Fixtures.chat(
            9, "Liam O’Connor", avatar: "http://x.example/l.png", message: "Hi — there", unread: 120, at: "2026-03-16T08:05:00Z")
        let row = Fixtures.formatter().row(chat, avatar: .loading, now: Self.now)
        #expect(
            row
                == ChatRowState(
                    identifier: 9, name: "Liam O’Connor", date: "08:05", message: "Hi — there", unreadBadge: "99+", avatar: .loading,
                    initials: "LO", avatarColor: AvatarColor.forName("Liam O’Connor")))
    }
}

@Suite("String tables")
struct LocalizationTests {
    @Test func everyLanguageHasEveryKey() {
        for language in ChatsStrings.shippedLanguages {
            let keys = ChatsStrings.keys(of: language)
            var expected: Set<String> = []
            for key in StringKey.allCases {
                if StringKey.plurals.contains(key) {
                    expected.insert(key.rawValue + ".one")
                    expected.insert(key.rawValue + ".other")
                } else {
                    expected.insert(key.rawValue)
                }
            }
            #expect(keys == expected, "\(language): missing \(expected.subtracting(keys)), extra \(keys.subtracting(expected))")
        }
    }

    @Test func languageFollowsTheLocaleWithEnglishFallback() {
        #expect(ChatsStrings(locale: Locale(identifier: "de_DE")).language == "de")
        #expect(ChatsStrings(locale: Locale(identifier: "de_AT")).language == "de")
        #expect(ChatsStrings(locale: Locale(identifier: "en_GB")).language == "en")
        #expect(ChatsStrings(locale: Locale(identifier: "fr_FR")).language == "en")
        #expect(ChatsStrings(locale: Locale(identifier: "fr_FR"))[.dateYesterday] == "Yesterday")
        #expect(ChatsStrings(locale: Locale(identifier: "de_CH"))[.dateYesterday] == "Gestern")
    }

    @Test func placeholdersAreFilled() {
        let strings = ChatsStrings(locale: Locale(identifier: "en_US"))
        #expect(strings.format(.cachedNotice, "Yesterday") == "Offline: showing chats saved Yesterday")
        #expect(ChatsStrings.substitute("%@ and %@", ["a"]) == "a and ")
        #expect(strings.plural(.unreadCount, count: 1, number: "1") == "1 unread message")
    }
}
