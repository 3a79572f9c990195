/// What the filter bar can choose: every transaction, or one category.
public enum CategoryFilter: Hashable, Sendable, CaseIterable {
    case all
    case category(TransactionCategory)

    /// The filter bar's order: `all` first, then the categories in their order.
    public static let allCases: [CategoryFilter] = [.all] + TransactionCategory.allCases.map { .category($0) }

    public var title: String {
        switch self {
        case .all: return "all"
        case .category(let category): return category.title
        }
    }

    public var color: TransactionColor {
        switch self {
        case .all: return .black
        case .category(let category): return category.color
        }
    }

    public func includes(_ category: TransactionCategory) -> Bool {
        switch self {
        case .all: return true
        case .category(let chosen): return chosen == category
        }
    }
}
