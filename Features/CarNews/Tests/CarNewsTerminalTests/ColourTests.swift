import CarNewsFeature
import CarNewsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import CarNewsTerminal

/// Every main state reads on a dark and on a light terminal (see `Frame.legibilityProblems(on:)`).
@MainActor
@Suite("The car news screen: colours on dark and light terminals")
struct ColourTests {
    static let url = URL(string: "http://127.0.0.1:8080/articles")!
    static let good = Result<HTTPResponse, HTTPError>.success(
        HTTPResponse(status: 200, body: Data(Fixtures.quirkyReply.utf8)))

    @Test("the list, a focused card further down, the article, at 80×23 and 40×12")
    func listAndArticle() async throws {
        let harness = try Harness()
        let d = TextDriver(scene: try harness.scene(Harness.inMemory), size: Size(width: 80, height: 23))
        await harness.host.settle()
        #expect(d.legibilityReport() == "", "the list")
        d.press(.down)
        #expect(d.legibilityReport() == "", "the second card focused")
        d.size = Size(width: 40, height: 12)
        #expect(d.legibilityReport() == "", "the list at 40×12")
        d.press(.enter)
        await harness.host.settle()
        #expect(d.legibilityReport() == "", "the article at 40×12")
        d.size = Size(width: 80, height: 23)
        #expect(d.legibilityReport() == "", "the article")
    }

    @Test("loading, offline, the error screen")
    func loadingOfflineAndError() async throws {
        let offline = try Harness(loopback: ScriptedTransport([Self.good, .failure(.status(500, Self.url))]))
        let d = TextDriver(scene: try offline.scene(.http(Self.url)), size: Size(width: 80, height: 23))
        #expect(d.legibilityReport() == "", "loading")
        await offline.host.settle()
        await offline.host.advance(by: .seconds(90))
        d.press(.character("r"))
        await offline.host.settle()
        #expect(d.legibilityReport() == "", "offline")

        let failing = try Harness(
            loopback: ScriptedTransport([.failure(.cannotConnect(Self.url, reason: "the connection was refused"))]))
        let e = TextDriver(scene: try failing.scene(.http(Self.url)), size: Size(width: 80, height: 23))
        await failing.host.settle()
        #expect(e.legibilityReport() == "", "the error screen")
    }
}
