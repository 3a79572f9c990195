import DataSources
import FeatureHostCore
import FuzzSupport
import TransactionsFeature

/// The transactions payload through the decoder the transactions sources use. An accepted list has unique ids,
/// and every sum the feature shows (all, each category, the insight ring's shares) adds up without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransactions(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    guard let transactions = try? TransactionPayload.decoder.decode(input.data, .json) else { return 0 }
    fuzzInvariant(Set(transactions.map(\.id)).count == transactions.count, "two transactions share an id")
    let total = transactions.reduce(Money.zero) { $0 + $1.amount }
    _ = total.description
    let totals = TransactionCategory.allCases.map { category in
        transactions.filter { $0.category == category }.reduce(Money.zero) { $0 + $1.amount }
    }
    let shares = CategoryShares.perMille(of: totals)
    let sum = shares.reduce(0, +)
    fuzzInvariant(sum == 1000 || shares.allSatisfy { $0 == 0 }, "the ring's shares add up to \(sum) tenths of a percent")
    return 0
}
