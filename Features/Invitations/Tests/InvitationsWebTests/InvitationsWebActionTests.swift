import InvitationsFeature
import Testing

@testable import InvitationsWeb

/// The page's `data-action` names: each one parses back to itself, a field's name is the field, and nothing
/// else parses.
@Suite("Web actions")
struct InvitationsWebActionTests {
    @Test func everyActionNameParsesBackToItsAction() {
        let actions: [InvitationsWebAction] =
            [.activate, .send, .dismiss, .keep, .confirmCancel, .alert] + InvitationField.allCases.map { .field($0) }
        for action in actions { #expect(InvitationsWebAction(name: action.name) == action) }
        #expect(InvitationsWebAction.confirmCancel.name == "confirm-cancel")
        #expect(InvitationsWebAction(name: "email")?.field == .email)
        #expect(InvitationsWebAction(name: "cancel") == nil)
    }
}
