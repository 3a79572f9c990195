import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import InvitationsFeature
import InvitationsFixtures
import TerminalUI
import Testing

@testable import InvitationsTerminal

/// Every main state reads on a dark and on a light terminal (see `Frame.legibilityProblems(on:)`).
@Suite("Scene: colours on dark and light terminals")
@MainActor
struct ColourTests {
    private func type(_ driver: TextDriver, _ input: String) {
        driver.input(KeyParser.decodeEscapes(input))
    }

    @Test("the page, the form and its errors, sending, a rejection, the celebration, the alert, the farewell")
    func everyScreenReads() async throws {
        let server = try LoopbackHTTPServer(handler: Harness.fakeAuth)
        let h = try Harness(url: server.url("fakeAuth"))
        let d = TextDriver(scene: InvitationsTerminalScene(presenter: h.presenter), size: Size(width: 80, height: 24))
        #expect(d.legibilityReport() == "", "not registered")
        type(d, "\r")
        #expect(d.legibilityReport() == "", "the empty form")
        type(d, "Jo\t\t\t\r")
        #expect(d.legibilityReport() == "", "the form's errors")
        type(d, "e\tusedemail@blinq.app\tusedemail@blinq.app\t")
        #expect(d.legibilityReport() == "", "the filled form, Send focused")
        type(d, "\r")
        #expect(d.legibilityReport() == "", "sending")
        await h.settle()
        #expect(d.legibilityReport() == "", "rejected")
        type(d, "\u{1B}")
        type(d, "\rJane Doe\rjane@example.com\rjane@example.com\r\r")
        await h.settle()
        #expect(d.legibilityReport() == "", "congratulations")
        await h.host.advance(by: .milliseconds(500))
        #expect(d.legibilityReport() == "", "congratulations at 500 ms")
        await h.host.advance(by: .seconds(3))
        type(d, "\r")
        #expect(d.legibilityReport() == "", "registered")
        type(d, "\r")
        #expect(d.legibilityReport() == "", "the alert")
        type(d, "\t")
        #expect(d.legibilityReport() == "", "the alert, the other button")
        type(d, "\r")
        await h.host.advance(by: .milliseconds(500))
        #expect(d.legibilityReport() == "", "cancelled")
    }

    @Test("a saved invitation that cannot be read: the notice")
    func notice() throws {
        let host = try TestHost()
        try host.store.set(Data("garbage".utf8), forKey: "registration")
        let h = try Harness(source: SourceConfiguration(kind: .inMemory), host: host)
        let d = TextDriver(scene: InvitationsTerminalScene(presenter: h.presenter), size: Size(width: 80, height: 24))
        #expect(d.legibilityReport() == "")
    }
}
