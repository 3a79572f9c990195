import Testing
import WebUI

/// A type with a member named like an element can still build that element, qualified by the module.
@Suite struct QualifiedNameTests {
    let title = "Offer"

    @Test func aMemberNamedLikeAnElementDoesNotHideIt() {
        let page = Tag.title { title }
        #expect(page.render() == "<title>Offer</title>")
    }
}
