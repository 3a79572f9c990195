import Testing
import InvitationsWeb

struct InvitationsWebPlaceholderTests {
    @Test func theTargetBuilds() {}
}
