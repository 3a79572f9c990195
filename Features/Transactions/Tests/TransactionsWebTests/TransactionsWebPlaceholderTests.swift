import Testing
import TransactionsWeb

struct TransactionsWebPlaceholderTests {
    @Test func theTargetBuilds() {}
}
