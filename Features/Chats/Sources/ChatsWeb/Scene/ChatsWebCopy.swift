import ChatsFeature
import Foundation

/// The few words only the web page adds (the pager, the logo's description), in the feature's language; the
/// rest comes from the feature's string tables (`ChatsStrings`), as the terminal's key hints do.
struct ChatsWebCopy {
    let strings: ChatsStrings
    private let isGerman: Bool

    init(strings: ChatsStrings) {
        self.strings = strings
        isGerman = strings.language == "de"
    }

    var logo: String { isGerman ? "Chats-Logo" : "Chats logo" }
    var pager: String { isGerman ? "Seiten" : "Pages" }
    var first: String { isGerman ? "Neueste" : "Newest" }
    var previous: String { isGerman ? "Neuere" : "Newer" }
    var next: String { isGerman ? "Ältere" : "Older" }
    var last: String { isGerman ? "Älteste" : "Oldest" }
    var refresh: String { strings[.hintRefresh] }

    /// `Chats 21–40 of 10,000` / `Chats 21–40 von 10.000`.
    func range(_ rows: Range<Int>, of count: Int) -> String {
        let locale = Locale(identifier: isGerman ? "de_DE" : "en_US")
        func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }
        return "\(strings[.title]) \(number(rows.lowerBound + 1))–\(number(rows.upperBound)) \(isGerman ? "von" : "of") \(number(count))"
    }
}
