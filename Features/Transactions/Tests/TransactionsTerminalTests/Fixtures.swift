import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TransactionsFeature

/// A feature over the starter data (in-memory source), shown and loaded, as the shell has it after opening it.
@MainActor
func loadedFeature(host: TestHost) async throws -> TransactionsFeature {
    let feature = try TransactionsFeature(
        context: try host.context(id: "transactions", source: SourceConfiguration(kind: .inMemory)))
    feature.handle(.appear)
    await host.settle()
    return feature
}

/// The frame's text with its lines joined by spaces, to find a message however it wrapped.
func oneLine(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
}
