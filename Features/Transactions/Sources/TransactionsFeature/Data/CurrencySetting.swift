import FeatureHostCore
import Foundation

/// The `currency` setting: an ISO 4217 code, `USD` by default. Lowercase is accepted (`eur` is `EUR`).
enum CurrencySetting {
    static let key = "currency"
    static let defaultCode = "USD"

    static func read(_ settings: FeatureSettings) throws -> String {
        let raw = try settings.string(key, default: defaultCode)
        let code = raw.uppercased()
        guard code.count == 3, Locale.Currency.isoCurrencies.contains(where: { $0.identifier == code }) else {
            throw FeatureError(
                "\(settings.owner): \"\(key)\" must be an ISO 4217 currency code such as \"USD\", \"EUR\" or \"JPY\", found \"\(raw)\"."
            )
        }
        return code
    }
}
