import Testing

@testable import OfferCountdownWeb

/// The page's `data-action` names: each one parses back to itself, and nothing else parses.
@Suite("Web actions")
struct OfferCountdownWebActionTests {
    @Test func everyActionNameParsesBackToItsAction() {
        for action in OfferCountdownWebAction.allCases { #expect(OfferCountdownWebAction(name: action.name) == action) }
        #expect(OfferCountdownWebAction.allCases.map(\.name) == ["activate", "dismiss"])
        #expect(OfferCountdownWebAction(name: "close") == nil)
    }
}
