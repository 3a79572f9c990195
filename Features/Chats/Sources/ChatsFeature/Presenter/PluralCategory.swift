/// CLDR plural categories for cardinal numbers. Only what the shipped languages need.
///
/// Foundation on Linux does not apply `.stringsdict` files (and a `Localizable.stringsdict` beside the
/// `.strings` table makes `Bundle.localizedString` crash on Swift 6.3.1), so plural forms live in the string
/// tables as `<key>.<category>` entries and this picks the category.
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other

    /// The category of the integer `count` in `language` (a language code such as `en` or `de`).
    /// English and German: `one` for exactly 1, `other` for everything else (0, 2, 99+, negatives).
    public static func of(_ count: Int, language: String) -> PluralCategory {
        switch language {
        case "en", "de": return count == 1 ? .one : .other
        default: return count == 1 ? .one : .other
        }
    }
}
