import DataSources
import FeatureHostCore
import Foundation

/// The bundled sample: the spec's 13 starter transactions, in `Resources/transactions.json`. The `in-memory`
/// kind decodes the same file, so there is one copy of the sample data.
enum TransactionSamples {
    static var file: URL? { Bundle.module.url(forResource: "transactions", withExtension: "json") }

    static var data: SampleData<[Transaction]> {
        let file = self.file
        return SampleData(
            jsonFile: file,
            inMemory: {
                guard let file else { throw SampleError.missing }
                return try TransactionPayload.decoder.decode(try Data(contentsOf: file), .json)
            })
    }

    enum SampleError: Error, CustomStringConvertible {
        case missing
        var description: String {
            "The bundled transactions.json is missing: reinstall featurehost with its TransactionsFeature resources folder beside it."
        }
    }
}
