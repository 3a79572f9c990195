import Testing
import WebUI

@Suite struct WebUIModuleTests {
    @Test func theModuleIsThere() {
        #expect(String(describing: WebUI.self) == "WebUI")
    }
}
