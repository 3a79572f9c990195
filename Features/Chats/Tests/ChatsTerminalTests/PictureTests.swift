import ChatsFeature
import ChatsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import ChatsTerminal

/// Avatars with the shell's pictures: the picture in its circle, the `#C8C8C8` circle while it loads, the initials
/// for a file the host cannot decode. Goldens are the frames as a terminal receives them.
@MainActor
@Suite("Chats with pictures")
struct ChatsPictureTests {
    static let chats = [
        Fixtures.chat(
            1, "Anna Lindqvist", avatar: "http://img.example/avatar-anna.png", message: "Lunch at 12:30?", unread: 2,
            at: "2026-03-16T11:58:00Z"),
        Fixtures.chat(
            2, "Noah Fischer", avatar: "http://img.example/avatar-noah.jpg", message: "Did you see the game?", at: "2026-03-16T10:30:00Z"),
        Fixtures.chat(
            3, "Marco Bianchi", avatar: "http://img.example/avatar-marco.png", message: "Thanks! 🎉", at: "2026-03-15T09:41:00Z"),
        Fixtures.chat(
            4, "Priya Raman", avatar: "http://img.example/animated.gif", message: "Slides attached.", at: "2026-03-14T09:00:00Z"),
        Fixtures.chat(5, "Tomás Ortega", avatar: "", message: "Next week?", at: "2026-03-13T09:00:00Z"),
    ]

    private func opened(mode: PictureMode = .halfBlocks(.trueColor), decode: Bool = true) async throws -> (
        TextDriver, PictureStore, TestHost
    ) {
        let host = try TestHost(
            transport: ScriptedTransport { request in
                let name = request.url.lastPathComponent
                if name.hasSuffix(".gif") {
                    return HTTPResponse(status: 200, headers: ["content-type": "image/gif"], body: Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8))
                }
                return HTTPResponse(
                    status: 200, headers: ["content-type": name.hasSuffix(".png") ? "image/png" : "image/jpeg"],
                    body: SampleImage.fixture(name))
            })
        let store = PictureStore(mode: mode, images: host.images, activity: host.activity)
        let presenter = try Fixtures.presenter(host, source: Fixtures.source(Self.chats))
        let scene = ChatsTerminalScene(presenter: presenter, pictures: store)
        presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .milliseconds(3_000))
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        _ = driver.frame()
        if decode { await host.settle() }
        return (driver, store, host)
    }

    @Test("each loaded avatar is its picture in the circle; a GIF shows the initials; no URL, the grey circle")
    func avatars() async throws {
        let (driver, store, _) = try await opened()
        let frame = driver.frame()
        try GoldenFile.check(
            FrameRenderer(colorMode: .trueColor).lines(frame).joined(separator: "\n"), named: "list-pictures-80x24.ans",
            in: GoldenFile.directory())
        #expect(store.decodeCount == 4)
        // Anna (row 1 on screen, at y 3): the middle of her circle is her picture: half blocks of her face's colours.
        #expect(frame[3, 4].grapheme == "▀")
        #expect(frame[3, 4].style.foreground != ChatsPalette.placeholder)
        // The circle's corners show the row's background (the selection tint for the first row).
        #expect(frame[1, 3].style.foreground == ChatsPalette.selection || frame[1, 3].style.foreground != frame[3, 4].style.foreground)
        // Priya's GIF: her initials on her colour.
        #expect(frame.plainLines().contains { $0.hasPrefix("  PR   Priya Raman") || $0.hasPrefix("  PR") })
    }

    @Test("while decoding, the #C8C8C8 circle of the picture's shape")
    func pending() async throws {
        let (driver, _, _) = try await opened(decode: false)
        let frame = driver.frame()
        #expect(frame[3, 4] == Cell(" ", style: Style(foreground: ChatsPalette.placeholder, background: ChatsPalette.placeholder)))
    }

    @Test("pictures off: the initials, exactly as without a store")
    func off() async throws {
        let (driver, store, _) = try await opened(mode: .off)
        #expect(driver.frame().plainLines()[4].contains("█AL██"))
        #expect(store.decodeCount == 0)
    }

    @Test("256 colours: every avatar pixel from the palette")
    func palette() async throws {
        let (driver, _, _) = try await opened(mode: .halfBlocks(.ansi256))
        let frame = driver.frame()
        for y in 3..<6 {
            for x in 1..<6 {
                for color in [frame[x, y].style.foreground, frame[x, y].style.background].compactMap({ $0 }) {
                    #expect(color.shown(in: .ansi256) == color)
                }
            }
        }
    }
}
