import FeatureHostCore
import Foundation

/// One spending record, as the starter project's `TransactionModel` has it.
public struct Transaction: Hashable, Sendable, Identifiable {
    public var id: Int
    public var name: String
    public var category: TransactionCategory
    public var amount: Money
    /// A calendar day, stored as midnight UTC.
    public var date: Date
    public var accountName: String
    /// The merchant's key (`timeWarner`), when known.
    public var provider: String?

    public init(
        id: Int, name: String, category: TransactionCategory, amount: Money, date: Date, accountName: String,
        provider: String? = nil
    ) {
        self.id = id
        // Cut here, where every source's transactions come in (see `TextLimit`).
        self.name = TextLimit.name.apply(name)
        self.category = category
        self.amount = amount
        self.date = date
        self.accountName = TextLimit.name.apply(accountName)
        self.provider = provider.map(TextLimit.name.apply)
    }
}
