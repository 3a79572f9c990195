import ChatsFeature
import ChatsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import ChatsTerminal

/// Every main state reads on a dark and on a light terminal (see `Frame.legibilityProblems(on:)`).
@MainActor
@Suite("Scene: colours on dark and light terminals")
struct ColourTests {
    @Test("launch, loading, the hand-over, the list with a selection, the error")
    func everyScreenReads() async throws {
        let host = try TestHost(transport: ScriptedTransport { _ in HTTPResponse(status: 404, body: Data()) })
        let presenter = try Fixtures.presenter(host, source: Fixtures.source(ChatSamples.all))
        let d = TextDriver(scene: ChatsTerminalScene(presenter: presenter), size: Size(width: 80, height: 24))
        #expect(d.legibilityReport() == "", "launch")
        presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .milliseconds(500))
        #expect(d.legibilityReport() == "", "loading")
        await host.advance(by: .milliseconds(1_650))
        #expect(d.legibilityReport() == "", "hand-over")
        await host.advance(by: .milliseconds(400))
        #expect(d.legibilityReport() == "", "the list")
        d.press(.down, .down)
        #expect(d.legibilityReport() == "", "a row selected")
        d.size = Size(width: 40, height: 12)
        #expect(d.legibilityReport() == "", "the list at 40×12")
    }

    @Test func errorScreen() async throws {
        let host = try TestHost(transport: ScriptedTransport { _ in HTTPResponse(status: 404, body: Data()) })
        let source = ChatsSource { throw FeatureError("/home/me/chats.plist could not be read") }
        let presenter = try Fixtures.presenter(host, source: source)
        let d = TextDriver(scene: ChatsTerminalScene(presenter: presenter), size: Size(width: 80, height: 24))
        presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .milliseconds(2_500))
        #expect(d.legibilityReport() == "")
    }

    @Test("the unread badge and the secondary text reach 4.5:1 on their row, selected or not")
    func badgeAndSecondaryTextReachAA() async throws {
        let host = try TestHost(transport: ScriptedTransport { _ in HTTPResponse(status: 404, body: Data()) })
        let presenter = try Fixtures.presenter(host, source: Fixtures.source(ChatSamples.all))
        let d = TextDriver(scene: ChatsTerminalScene(presenter: presenter), size: Size(width: 80, height: 24))
        presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .seconds(3))
        var checked = 0
        for selectedRows in 0..<3 {
            let frame = d.frame()
            for y in 0..<frame.size.height {
                for x in 0..<frame.size.width {
                    let cell = frame[x, y]
                    guard let text = cell.style.foreground, text == ChatsPalette.unread || text == ChatsPalette.secondary,
                        !cell.grapheme.allSatisfy(\.isWhitespace)
                    else { continue }
                    let paper = cell.style.background ?? ChatsPalette.background
                    #expect(Color.contrast(text, paper) >= 4.5, "'\(cell.grapheme)' at \(x),\(y) after \(selectedRows) moves")
                    checked += 1
                }
            }
            d.press(.down)
        }
        #expect(checked > 0)
    }
}
