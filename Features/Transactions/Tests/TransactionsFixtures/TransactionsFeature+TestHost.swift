import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TransactionsFeature

extension TransactionsFeature {
    /// The feature as the host builds it, on `host`'s context (the starter data unless `source` says otherwise).
    @MainActor
    package static func onTestHost(
        _ host: TestHost, source: SourceConfiguration = SourceConfiguration(kind: .inMemory),
        settings: [String: SettingValue] = [:], locale: String = "en_US"
    ) throws -> TransactionsFeature {
        try TransactionsFeature(
            context: try host.context(id: "transactions", source: source, settings: settings, locale: Locale(identifier: locale)))
    }

    /// The feature shown, and loaded as far as its source lets it: as a surface has it after opening it.
    @MainActor
    package static func loaded(
        on host: TestHost, source: SourceConfiguration = SourceConfiguration(kind: .inMemory),
        settings: [String: SettingValue] = [:], locale: String = "en_US"
    ) async throws -> TransactionsFeature {
        let feature = try onTestHost(host, source: source, settings: settings, locale: locale)
        feature.handle(.appear)
        await host.settle()
        return feature
    }
}
