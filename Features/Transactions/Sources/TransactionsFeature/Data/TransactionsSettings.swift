import FeatureHostCore

/// The `currency` setting: an ISO 4217 code, `USD` by default. Lowercase is accepted (`eur` is `EUR`).
enum TransactionsSettings {
    static let declaration = SettingDeclaration(
        "currency", type: .currencyCode, default: .string("USD"),
        summary: "The ISO 4217 code amounts are shown in; lowercase is accepted.")

    static func read(_ settings: FeatureSettings) throws -> String {
        try settings.string(declaration).uppercased()
    }
}
