import DataSources
import FeatureHostCore
import Foundation

/// Transactions with category filters, pins, a floating sum of the pinned ones, and insights per category.
///
/// Building it reads the settings and the saved pins and starts nothing: the first load waits for
/// `.lifecycle(.appear)`, so a source (an `http` one too) is not asked for a screen nobody opened.
public struct TransactionsFeature: PresenterFeature {
    public static let manifest = FeatureManifest(
        id: "transactions", title: "Transactions",
        summary: "Spending by category: filters, pins, a floating sum and insights",
        acceptedSources: [.inMemory, .jsonFile, .http], defaultSource: SourceConfiguration(kind: .inMemory),
        settings: [TransactionsSettings.declaration], bundledSamples: [.jsonFile, .inMemory], storedKeys: [LivePinClient.key])

    public let presenter: TransactionsPresenter
    /// The amounts' currency, from the settings: what formatting again for new conventions keeps.
    private let currency: String

    @MainActor
    public init(context: FeatureContext) throws {
        currency = try TransactionsSettings.read(context.settings)
        let source = try DataSourceFactory.make(
            [Transaction].self, context: context, decoder: TransactionPayload.decoder, samples: TransactionSamples.data)
        let formatting = TransactionFormatting(
            locale: context.locale, currencyCode: currency, timeZone: context.timeZone, hourCycle: context.hourCycle)
        presenter = TransactionsPresenter(
            source: source, pins: LivePinClient(context.keyValueStore), formatting: formatting,
            effects: context.makeEffects())
    }

    /// New conventions (the config's locale or clock): the same rows, pins and selection, formatted again.
    @MainActor
    public func reformat(for conventions: FormatConventions) -> Bool {
        presenter.reformat(
            TransactionFormatting(
                locale: conventions.locale, currencyCode: currency, timeZone: conventions.timeZone, hourCycle: conventions.hourCycle))
        return true
    }
}
