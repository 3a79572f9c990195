import DataSources
import FeatureHostCore
import Foundation

/// The payload a `json-file` or `http` source serves: either the starter's object, whose `transactions` array
/// is read (its other keys are ignored), or a bare array of transactions.
///
/// Every rule is checked here, so a bad file fails with the place and the reason instead of showing wrong sums:
/// known category, exact amount (at most four decimal places), a real `yyyy-MM-dd` day, unique ids, and totals
/// that fit.
package struct TransactionPayload: Decodable {
    var transactions: [Transaction]

    private enum Keys: String, CodingKey { case transactions }

    package init(from decoder: any Decoder) throws {
        var list: any UnkeyedDecodingContainer
        do {
            list = try decoder.container(keyedBy: Keys.self).nestedUnkeyedContainer(forKey: .transactions)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            list = try decoder.unkeyedContainer()
        }
        var transactions: [Transaction] = []
        var firstIndex: [Int: Int] = [:]
        var magnitude: UInt64 = 0
        if let count = list.count { transactions.reserveCapacity(count) }
        while !list.isAtEnd {
            let index = list.currentIndex
            let transaction = try list.decode(TransactionRecord.self).transaction
            if let first = firstIndex[transaction.id] {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: list.codingPath + [IndexKey(index), TransactionRecord.Keys.id],
                        debugDescription:
                            "the id \(transaction.id) is already used by the transaction at [\(first)]; ids must be unique"
                    ))
            }
            firstIndex[transaction.id] = index
            // Bounding the sum of magnitudes bounds every sum the feature can show, so adding never overflows.
            let (sum, overflow) = magnitude.addingReportingOverflow(transaction.amount.scaled.magnitude)
            guard !overflow, sum <= UInt64(Int64.max) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: list.codingPath + [IndexKey(index), TransactionRecord.Keys.amount],
                        debugDescription:
                            "the amounts add up to more than \(Money(scaled: .max)); this total cannot be shown exactly"
                    ))
            }
            magnitude = sum
            transactions.append(transaction)
        }
        self.transactions = transactions
    }

    /// The decoder for `DataSourceFactory`: JSON only (the feature accepts no plist source).
    package static let decoder = PayloadDecoder<[Transaction]> { data, _ in
        try StrictJSONPayload.decode(TransactionPayload.self, from: data).transactions
    }
}

/// One transaction as the payload spells it.
private struct TransactionRecord: Decodable {
    enum Keys: String, CodingKey { case id, name, category, amount, date, accountName, provider }

    var transaction: Transaction

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let rawCategory = try container.decode(String.self, forKey: .category)
        guard let category = TransactionCategory(rawValue: rawCategory) else {
            let allowed = TransactionCategory.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .category, in: container,
                debugDescription: "\"\(TextLimit.excerpt.apply(rawCategory))\" is not a category; allowed: \(allowed)")
        }
        let rawDate = try container.decode(String.self, forKey: .date)
        guard let date = CalendarDay.date(from: rawDate) else {
            throw DecodingError.dataCorruptedError(
                forKey: .date, in: container,
                debugDescription: "\"\(TextLimit.excerpt.apply(rawDate))\" is not a day written yyyy-MM-dd, e.g. 2021-04-25")
        }
        transaction = Transaction(
            id: try container.decode(Int.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
            category: category, amount: try Self.amount(in: container), date: date,
            accountName: try container.decode(String.self, forKey: .accountName),
            provider: try container.decodeIfPresent(String.self, forKey: .provider))
    }

    /// A JSON number (read as `Decimal`, so `54.6` stays exact) or a string such as `"54.60"`.
    private static func amount(in container: KeyedDecodingContainer<Keys>) throws -> Money {
        let text: String
        if let string = try? container.decode(String.self, forKey: .amount) {
            text = string
        } else {
            text = try container.decode(Decimal.self, forKey: .amount).description
        }
        guard let money = Money(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .amount, in: container,
                debugDescription:
                    "\(TextLimit.excerpt.apply(text)) is not an amount of money; write a plain number with at most \(Money.fractionDigits) decimal places, e.g. 54.60"
            )
        }
        return money
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
