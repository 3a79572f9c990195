import Foundation

/// The feature's user-facing strings, from `Resources/<language>.lproj/Localizable.strings`, in the language of
/// the context's locale (English when that language is not shipped; English for any key a table lacks).
///
/// On Linux, `Bundle.main`'s preferred languages ignore `LANG`/`LANGUAGE`, so the language folder is opened
/// explicitly instead of relying on `NSLocalizedString`.
public struct ChatsStrings: Sendable {
    public static let shippedLanguages = ["en", "de"]
    public static let developmentLanguage = "en"

    /// The language in use: one of `shippedLanguages`.
    public let language: String
    private let table: [String: String]
    private let fallback: [String: String]

    public init(locale: Locale) {
        let code = locale.language.languageCode?.identifier.lowercased() ?? Self.developmentLanguage
        language = Self.shippedLanguages.contains(code) ? code : Self.developmentLanguage
        fallback = Self.loadTable(Self.developmentLanguage)
        table = language == Self.developmentLanguage ? fallback : Self.loadTable(language)
    }

    /// The string for `key`; the key itself, visibly, if no table has it (a test checks that none is missing).
    public subscript(_ key: StringKey) -> String {
        table[key.rawValue] ?? fallback[key.rawValue] ?? key.rawValue
    }

    /// `key`'s entry with `%@` placeholders replaced in order.
    public func format(_ key: StringKey, _ arguments: String...) -> String {
        Self.substitute(self[key], arguments)
    }

    /// The plural form of `key` for `count` (`<key>.one`, `<key>.other`, …) with `%d` replaced by `number`
    /// (the count as the caller formatted it, e.g. with grouping separators).
    public func plural(_ key: StringKey, count: Int, number: String) -> String {
        let category = PluralCategory.of(count, language: language)
        let entry =
            table["\(key.rawValue).\(category.rawValue)"] ?? table["\(key.rawValue).other"]
            ?? fallback["\(key.rawValue).\(PluralCategory.of(count, language: Self.developmentLanguage).rawValue)"]
            ?? fallback["\(key.rawValue).other"] ?? key.rawValue
        return entry.replacingOccurrences(of: "%d", with: number)
    }

    /// Every key a table defines, for the completeness test.
    public static func keys(of language: String) -> Set<String> { Set(loadTable(language).keys) }

    private static func loadTable(_ language: String) -> [String: String] {
        // The `.strings` file is read as a property list (the old-style format it is written in) rather than
        // through `Bundle.localizedString`, so a missing key is detected instead of echoed back.
        guard let folder = Bundle.module.path(forResource: language, ofType: "lproj"),
            let data = FileManager.default.contents(atPath: folder + "/Localizable.strings"),
            let table = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]
        else { return [:] }
        return table
    }

    static func substitute(_ template: String, _ arguments: [String]) -> String {
        var result = ""
        var remaining = arguments[...]
        var rest = Substring(template)
        while let range = rest.range(of: "%@") {
            result += rest[..<range.lowerBound]
            result += remaining.popFirst() ?? ""
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
