import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TransactionsFeature
import TransactionsFixtures

/// The frame's text with its lines joined by spaces, to find a message however it wrapped.
func oneLine(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
}
