import Testing
import CarNewsWeb

struct CarNewsWebPlaceholderTests {
    @Test func theTargetBuilds() {}
}
