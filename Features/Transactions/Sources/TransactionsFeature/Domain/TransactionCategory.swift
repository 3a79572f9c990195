/// The spending categories, in the spec's order, each with its colour.
public enum TransactionCategory: String, CaseIterable, Sendable, Codable, Hashable {
    case food
    case health
    case entertainment
    case shopping
    case travel

    /// The name shown on buttons and rows: the raw value, as in the spec's starter project.
    public var title: String { rawValue }

    public var color: TransactionColor {
        switch self {
        case .food: return .green
        case .health: return .pink
        case .entertainment: return .orange
        case .shopping: return .blue
        case .travel: return .purple
        }
    }

    /// Position in `allCases`, for per-category arrays.
    var ordinal: Int {
        switch self {
        case .food: return 0
        case .health: return 1
        case .entertainment: return 2
        case .shopping: return 3
        case .travel: return 4
        }
    }
}
