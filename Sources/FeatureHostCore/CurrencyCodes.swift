import Foundation

/// The ISO 4217 codes Foundation knows, for the `currencyCode` setting type.
enum CurrencyCodes {
    static let known: Set<String> = Set(Locale.Currency.isoCurrencies.map(\.identifier))

    static func isKnown(_ code: String) -> Bool { code.count == 3 && known.contains(code) }
}
