/// The colours the feature names: the starter's SwiftUI system colours of the categories, and black for `all`.
/// Names only; each surface maps them to its own colours.
public enum TransactionColor: String, CaseIterable, Sendable, Hashable {
    case green
    case pink
    case orange
    case blue
    case purple
    case black
}
