import Testing

@testable import ChatsWeb

/// The page's `data-action` names: each one parses back to itself, and nothing else parses.
@Suite("Web actions")
struct ChatsWebActionTests {
    @Test func everyActionNameParsesBackToItsAction() {
        let actions: [ChatsWebAction] = [.refresh, .retry, .firstPage, .previousPage, .nextPage, .lastPage, .select(index: 12)]
        for action in actions { #expect(ChatsWebAction(name: action.name) == action) }
        #expect(ChatsWebAction.select(index: 3).name == "select-3")
        #expect(ChatsWebAction(name: "select-") == nil)
        #expect(ChatsWebAction(name: "open-1") == nil)
    }
}
