import CarNewsFeature
import CarNewsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import CarNewsTerminal

/// The cards with the shell's pictures: photos decoded from the host's image cache, the title over them. Goldens
/// are the frames as a terminal receives them (`cat` one in a 24-bit terminal to see it).
@MainActor
@Suite("The car news screen with pictures")
struct CarNewsPictureTests {
    static let feed = URL(string: "http://127.0.0.1:8080/application/119267/article/get_articles_list")!
    static let body = Size(width: 80, height: 23)

    /// Four articles from loopback: two photos (a baseline and a progressive JPEG), a GIF, and none.
    nonisolated static let reply: String = {
        let articles: [(Int, String, String, String)] = [
            (4, "Red roadster: the long way home", "car-red.jpg", "16.03.2026 09:00"),
            (3, "Blue saloon at dusk", "car-blue.jpg", "15.03.2026 09:00"),
            (2, "An animated teaser", "teaser.gif", "14.03.2026 09:00"),
            (1, "A story without a picture", "", "13.03.2026 09:00"),
        ]
        let content = articles.map { id, title, image, date in
            let url = image.isEmpty ? "" : "http://127.0.0.1:8080/pictures/\(image)"
            return #"{"id":\#(id),"title":"\#(title)","ingress":"Ingress.","image":"\#(url)","dateTime":"\#(date)","tags":[],"content":[]}"#
        }
        return #"{"status":"success","content":[\#(content.joined(separator: ","))]}"#
    }()

    nonisolated static let transport = ScriptedTransport { request in
        let name = request.url.lastPathComponent
        switch name {
        case "get_articles_list": return HTTPResponse(status: 200, body: Data(reply.utf8))
        case "teaser.gif":
            return HTTPResponse(status: 200, headers: ["content-type": "image/gif"], body: Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8))
        default: return HTTPResponse(status: 200, headers: ["content-type": "image/jpeg"], body: SampleImage.fixture(name))
        }
    }

    /// The scene with a picture store on the test host's image cache, loaded; pictures decoded unless `decode` is
    /// false.
    private func opened(mode: PictureMode = .halfBlocks(.trueColor), size: Size = Self.body, decode: Bool = true) async throws
        -> (TextDriver, PictureStore, Harness)
    {
        let harness = try Harness(loopback: Self.transport)
        let store = PictureStore(mode: mode, images: harness.host.images, activity: harness.host.activity)
        let driver = TextDriver(scene: try harness.scene(.http(Self.feed), pictures: store), size: size)
        await harness.host.settle()
        _ = driver.frame()  // the first frame asks for the pictures in view
        if decode {
            await harness.host.settle()
        }
        return (driver, store, harness)
    }

    private func check(_ frame: Frame, _ name: String, colors: ColorMode = .trueColor) throws {
        try GoldenFile.check(FrameRenderer(colorMode: colors).lines(frame).joined(separator: "\n"), named: name, in: GoldenFile.directory())
    }

    @Test("the list at 80×23: photos across the card, the title on a darkened band over the bottom, the date under")
    func list() async throws {
        let (driver, store, _) = try await opened()
        let frame = driver.frame()
        try check(frame, "list-pictures-80x23.ans")
        #expect(store.decodeCount == 2, "the two photos in view, decoded once each")
        // The first card's picture: half blocks from row 2, 12 rows (3/5 of the 21-row list), 75 columns.
        #expect(frame[3, 2].grapheme == "▀" && frame[77, 13].grapheme != "▀")
        #expect((2..<13).allSatisfy { frame[40, $0].grapheme == "▀" })
        #expect(frame.plainLines()[13].contains("Red roadster: the long way home"))
        #expect(frame.plainLines()[14].contains("16 March, 09:00"))
        // The title's band is the photo, darkened: white text on a dark colour.
        let band = try #require(frame[60, 13].style.background)
        #expect(Color.contrast(.rgb(255, 255, 255), band) >= 4.5)
    }

    @Test("scrolling and resizing reuse the decoded photos: a new size is scaled, never decoded again")
    func cachedPerSize() async throws {
        let (driver, store, harness) = try await opened()
        driver.press(.down)
        _ = driver.frame()
        await harness.host.settle()
        let decodes = store.decodeCount
        let scalings = store.scaleCount
        driver.size = Size(width: 120, height: 40)
        _ = driver.frame()
        #expect(store.scaleCount > scalings, "a new size is scaled")
        let afterResize = store.scaleCount
        driver.size = Self.body
        _ = driver.frame()
        #expect(store.scaleCount == afterResize, "the old size is still cached")
        #expect(store.decodeCount == decodes, "nothing decoded again")
    }

    @Test(
        "while a photo decodes, and for no image, the #C8C8C8 placeholder with the image's name; a GIF (not drawable) says it is not available, plain and darker"
    )
    func placeholders() async throws {
        let (pending, _, _) = try await opened(decode: false)
        let first = pending.frame()
        #expect(first[10, 3].style.background == .rgb(200, 200, 200))
        #expect(first.plainLines()[7].contains("Image: car-red.jpg"))
        #expect(!first.plainLines().contains { $0.contains("Picture not available") })

        let (driver, _, harness) = try await opened()
        driver.size = Size(width: 80, height: 50)  // the GIF's card whole above the last one
        driver.press(.end)
        _ = driver.frame()  // asks for the pictures now in view; the GIF's decode then fails
        await harness.host.settle()
        let frame = driver.frame()
        let lines = frame.plainLines()
        #expect(lines.contains { $0.contains("No image") })
        #expect(frame.cells.contains { $0.style.background == .rgb(200, 200, 200) })
        // The GIF failed: its card is not the loading one.
        let failed = try #require(lines.firstIndex { $0.contains("Picture not available") }, "\(lines)")
        #expect(lines[failed + 1].contains("Image: teaser.gif"))
        #expect(!lines[failed].contains("░"))
        #expect(frame.cells.contains { $0.style.background == .rgb(110, 110, 110) })
    }

    @Test("a picture the server refused (404) is the failed one, not the loading one")
    func failedFetch() async throws {
        let harness = try Harness(
            loopback: ScriptedTransport { request in
                if request.url.lastPathComponent == "get_articles_list" { return HTTPResponse(status: 200, body: Data(Self.reply.utf8)) }
                return HTTPResponse(status: 404)
            })
        let store = PictureStore(mode: .halfBlocks(.trueColor), images: harness.host.images, activity: harness.host.activity)
        let driver = TextDriver(scene: try harness.scene(.http(Self.feed), pictures: store), size: Self.body)
        await harness.host.settle()
        _ = driver.frame()
        await harness.host.settle()
        let frame = driver.frame()
        #expect(frame.plainLines()[6].contains("Picture not available"))
        #expect(frame.plainLines()[7].contains("Image: car-red.jpg"))
        #expect(frame[10, 3].style.background == .rgb(110, 110, 110))
    }

    @Test("in 256 colours: the same layout, every picture colour from the palette")
    func palette() async throws {
        let (driver, _, _) = try await opened(mode: .halfBlocks(.ansi256))
        let frame = driver.frame()
        try check(frame, "list-pictures-256-80x23.ans", colors: .ansi256)
        for y in 2..<13 {
            for x in 3..<78 {
                for color in [frame[x, y].style.foreground, frame[x, y].style.background].compactMap({ $0 }) {
                    #expect(color.shown(in: .ansi256) == color)
                }
            }
        }
    }

    @Test("pictures off (NO_COLOR, 16 colours): the frame is the placeholder strip's, as without a store")
    func off() async throws {
        let (driver, store, harness) = try await opened(mode: .off)
        let plain = TextDriver(scene: try harness.scene(.http(Self.feed)), size: Self.body)
        await harness.host.settle()
        #expect(driver.frame() == plain.frame())
        #expect(store.decodeCount == 0)
    }

    @Test("the article: its photo across the top, two thirds of the screen at most, then the text")
    func detail() async throws {
        let (driver, _, harness) = try await opened(size: Size(width: 80, height: 23))
        driver.press(.enter)
        await harness.host.settle()
        _ = driver.frame()
        await harness.host.settle()
        let frame = driver.frame()
        try check(frame, "detail-pictures-80x23.ans")
        #expect((2..<16).allSatisfy { frame[40, $0].grapheme == "▀" })
        #expect(frame.plainLines()[17].contains("Red roadster: the long way home"))
        // At the minimum height the picture is 6 rows (two thirds of 10) and the article scrolls: a row down, rows
        // 1–5 of the picture are at the top, under the header, and the blank line after it below them.
        driver.size = Size(width: 80, height: 12)
        _ = driver.frame()
        await harness.host.settle()
        driver.press(.down)
        let scrolled = driver.frame()
        #expect(scrolled.plainLines()[0].hasSuffix("lines 2–11 of 11"), "the header stays; the picture scrolls under it")
        #expect((2..<7).allSatisfy { scrolled[40, $0].grapheme == "▀" })
        #expect(scrolled[40, 7].grapheme != "▀")
    }

    @Test("with a pixel protocol: each photo placed over its cells except the title's band, cut by the list's edge")
    func pixelProtocol() async throws {
        let (driver, _, _) = try await opened(mode: .kitty)
        let frame = driver.frame()
        try #require(frame.placements.count == 2)
        // The first card: 75 × 12 cells from (3, 2), its last row (the title's band) left to the cells.
        #expect(frame.placements[0].origin == Point(x: 3, y: 2))
        #expect(frame.placements[0].visible == Rect(x: 3, y: 2, width: 75, height: 11))
        // The second card: cut by the bottom of the list (row 22 of the 23).
        #expect(frame.placements[1].visible.maxY == 23)
        #expect(frame.plainLines()[13].contains("Red roadster"), "the band stays text")
    }
}
