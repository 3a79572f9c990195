import Testing
import ChatsWeb

struct ChatsWebPlaceholderTests {
    @Test func theTargetBuilds() {}
}
