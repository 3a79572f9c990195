extension TransactionsPresenter {
    public enum Tab: String, CaseIterable, Sendable {
        case transactions
        case insights

        public var title: String {
            switch self {
            case .transactions: return "Transactions"
            case .insights: return "Insights"
            }
        }
    }
}
