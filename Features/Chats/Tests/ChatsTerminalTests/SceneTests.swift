import ChatsFeature
import ChatsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import ChatsTerminal

/// Frames as golden text, and the keys of the list.
@MainActor
@Suite("Scene: frames and keys")
struct SceneTests {
    let golden = GoldenFile.directory()

    /// A scene over the bundled sample on a fixed clock, shown (`.appear`, and loaded at time zero) unless
    /// `appear` is false.
    private func makeScene(
        _ host: TestHost, chats: [Chat] = ChatSamples.all, locale: String = "en_US", appear: Bool = true
    ) async throws -> ChatsTerminalScene {
        let presenter = try Fixtures.presenter(host, source: Fixtures.source(chats), locale: locale)
        let scene = ChatsTerminalScene(presenter: presenter)
        if appear {
            presenter.send(.lifecycle(.appear))
            await host.settle()
        }
        return scene
    }

    /// Avatars answer with `status` (a PNG with 200).
    private func host(avatars status: Int = 404) throws -> TestHost {
        try TestHost(transport: ScriptedTransport { _ in HTTPResponse(status: status, body: status == 200 ? SampleImage.png : Data()) })
    }

    @Test func launchScreen() async throws {
        let scene = try await makeScene(try host(), appear: false)
        #expect(scene.presenter.viewState.screen == .launch)
        try GoldenFile.check(TextDriver(scene: scene, size: Size(width: 80, height: 24)).text(), named: "launch-80x24.txt", in: golden)
        #expect(scene.keyHints.isEmpty)
    }

    @Test func loadingScreenThroughTheFirstDissolve() async throws {
        let host = try host()
        let scene = try await makeScene(host)
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        // The launch screen for 0.5 s, then the loader: a quarter into the dissolve the head dot is still on
        // frame 0's position…
        await host.advance(by: .milliseconds(525))
        try GoldenFile.check(driver.text(), named: "loading-0.525s-80x24.txt", in: golden)
        // …from the midpoint on, the next frame's glyphs show (colours blend throughout).
        await host.advance(by: .milliseconds(25))
        try GoldenFile.check(driver.text(), named: "loading-0.55s-80x24.txt", in: golden)
        let head = driver.frame()[41, 12]
        #expect(head.grapheme == "●")
        #expect(head.style.foreground == Color.interpolate(from: .rgb(229, 229, 234), to: .rgb(255, 149, 0), fraction: 0.5))
        #expect(scene.handle(.down) == .ignored)
    }

    @Test func handOverHalfway() async throws {
        let host = try host()
        let scene = try await makeScene(host)
        await host.advance(by: .milliseconds(2_650))
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        try GoldenFile.check(driver.text(), named: "transition-2.65s-80x24.txt", in: golden)
        // Each row shows one layer's glyphs: the logo's rows are the logo's alone, the others the list's.
        let lines = driver.frame().plainLines()
        // The zoomed logo's runs of blocks (an avatar has three at most).
        for line in lines where line.contains("▄▄▄▄▄▄") || line.contains("●██●") || line.contains("▀▀▀▀▀▀") {
            #expect(!line.contains { $0.isLetter }, "the logo is torn across list text: \(line)")
        }
        #expect(lines.contains { $0.contains("Priya Raman") })
    }

    @Test func launchScreenShowsForHalfASecondAfterAppear() async throws {
        let host = try host()
        let scene = try await makeScene(host)
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        try GoldenFile.check(driver.text(), named: "launch-80x24.txt", in: golden)
        await host.advance(by: .milliseconds(499))
        try GoldenFile.check(driver.text(), named: "launch-80x24.txt", in: golden)
        await host.advance(by: .milliseconds(1))
        #expect(scene.presenter.viewState.screen == .loading)
        #expect(driver.text().contains("Loading"))
    }

    @Test func listAtThreeSeconds() async throws {
        let host = try host()
        let scene = try await makeScene(host)
        await host.advance(by: .milliseconds(3_000))
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        try GoldenFile.check(driver.text(), named: "list-80x24.txt", in: golden)
        driver.size = Size(width: 40, height: 12)
        try GoldenFile.check(driver.text(), named: "list-40x12.txt", in: golden)
        #expect(
            scene.keyHints == [
                KeyHint(key: "↑↓/PgUp/PgDn", action: "Move"), KeyHint(key: "Home/End", action: "First/last"),
                KeyHint(key: "r", action: "Refresh"),
            ])
    }

    @Test func loadedAvatarsShowInitialsOnTheirColour() async throws {
        let host = try host(avatars: 200)
        let scene = try await makeScene(host)
        await host.advance(by: .milliseconds(3_000))
        // The presenter fetched the avatars of the first rows once loaded; drawing asks for nothing.
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        let frame = driver.frame()
        #expect(host.activity.inFlight == 0)
        try GoldenFile.check(frame.plainText(), named: "list-avatars-80x24.txt", in: golden)
        // Noah Fischer's avatar: initials on his colour; a failed or missing one is the #C8C8C8 circle.
        let noah = try #require(scene.presenter.viewState.list.rows?[0])
        #expect(frame[2, 4].grapheme == "N")
        #expect(frame[2, 4].style.background == ChatsPalette.avatar(noah.avatarColor))
    }

    @Test func placeholderCircleIsSolidGrey() async throws {
        let host = try host(avatars: 404)
        let scene = try await makeScene(host)
        await host.advance(by: .milliseconds(3_000))
        let frame = TextDriver(scene: scene, size: Size(width: 80, height: 24)).frame()
        #expect(
            scene.presenter.viewState.list.rows?[0].avatar
                == .failed("The image 150 could not be loaded: the server answered HTTP 404."))
        for x in 1...5 { #expect(frame[x, 4] == Cell("█", style: Style(foreground: .rgb(200, 200, 200), background: .rgb(200, 200, 200)))) }
        #expect(frame[2, 3].style.foreground == Color(hex: "#C8C8C8"))
    }

    @Test func keysMoveTheSelectionAndScroll() async throws {
        let host = try host()
        let scene = try await makeScene(host)
        await host.advance(by: .milliseconds(3_000))
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        _ = driver.text()
        #expect(driver.press(.down, .down) == [.handled, .handled])
        #expect(scene.presenter.viewState.list.selectedIndex == 2)
        #expect(driver.press(.end) == [.handled])
        #expect(scene.presenter.viewState.list.selectedIndex == 13)
        try GoldenFile.check(driver.text(), named: "list-end-80x24.txt", in: golden)
        #expect(driver.press(.home) == [.handled])
        #expect(scene.presenter.viewState.list.selectedIndex == 0)
        // Back at the top, scrolled as at first.
        try GoldenFile.check(driver.text(), named: "list-80x24.txt", in: golden)
        #expect(driver.press(.pageDown) == [.handled])
        // Five rows of four lines fit fully below the three header lines at 80×24.
        #expect(scene.presenter.viewState.list.selectedIndex == 5)
        #expect(driver.press(.up, .backTab, .tab) == [.handled, .handled, .handled])
        #expect(scene.presenter.viewState.list.selectedIndex == 4)
        #expect(driver.press(.pageUp) == [.handled])
        #expect(scene.presenter.viewState.list.selectedIndex == 0)
        #expect(driver.press(.escape, .character("q"), .enter) == [.ignored, .ignored, .ignored])
    }

    @Test func aKeyThatScrollsReportsTheRowsOnScreen() async throws {
        let host = try host(avatars: 200)
        let chats = (0..<100).map {
            Fixtures.chat($0, "Person \($0)", avatar: "http://img.example/\($0).png", at: "2026-03-16T10:00:00Z")
        }
        let scene = try await makeScene(host, chats: chats)
        await host.advance(by: .milliseconds(3_000))
        // 49 rows of four lines fit at 80×200; the presenter fetched the first 20 by itself.
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 200))
        _ = driver.text()
        #expect(host.activity.inFlight == 0, "drawing starts nothing")
        #expect(isLoaded(scene, 0..<20))
        #expect(!isLoaded(scene, 20..<21))

        // End scrolls to rows 51…99; the selection's window covers 79…99, the scene's report the rest.
        #expect(driver.press(.end) == [.handled])
        await host.settle()
        #expect(isLoaded(scene, 51..<100))
        #expect(!isLoaded(scene, 50..<51))
        // A key that moves within the screen scrolls nothing and reports nothing new.
        #expect(driver.press(.up) == [.handled])
        #expect(host.activity.inFlight == 0)
    }

    private func isLoaded(_ scene: ChatsTerminalScene, _ rows: Range<Int>) -> Bool {
        rows.allSatisfy { index in
            if case .loaded = scene.presenter.viewState.list.rows?[index].avatar { return true }
            return false
        }
    }

    @Test func germanList() async throws {
        let host = try host()
        let scene = try await makeScene(host, locale: "de_DE")
        await host.advance(by: .milliseconds(3_000))
        try GoldenFile.check(TextDriver(scene: scene, size: Size(width: 80, height: 24)).text(), named: "list-de-80x24.txt", in: golden)
    }

    @Test func errorScreenWithRetry() async throws {
        let host = try host()
        let attempts = Counter()
        let source = ChatsSource {
            if attempts.next() == 1 {
                throw FeatureError("/home/me/chats.plist could not be read at [3].sendingDate: expected a date")
            }
            return Loaded(ChatSamples.all)
        }
        let scene = ChatsTerminalScene(presenter: try Fixtures.presenter(host, source: source))
        scene.presenter.send(.lifecycle(.appear))
        await host.settle()
        await host.advance(by: .milliseconds(3_000))
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        try GoldenFile.check(driver.text(), named: "error-80x24.txt", in: golden)
        #expect(scene.keyHints == [KeyHint(key: "r", action: "Try again")])
        #expect(driver.press(.escape) == [.ignored])
        #expect(driver.press(.enter) == [.handled])
        await host.settle()
        #expect(scene.presenter.viewState.list.rows?.count == 14)
    }

    @Test func emptyList() async throws {
        let host = try host()
        let scene = try await makeScene(host, chats: [])
        await host.advance(by: .milliseconds(3_000))
        try GoldenFile.check(TextDriver(scene: scene, size: Size(width: 80, height: 24)).text(), named: "empty-80x24.txt", in: golden)
        #expect(scene.keyHints == [KeyHint(key: "r", action: "Refresh")])
    }

    @Test func hugeListDrawsOnlyWhatFits() async throws {
        let host = try host()
        let many = (0..<100_000).map {
            Fixtures.chat($0, "Person \($0)", message: "Message \($0)", unread: $0 % 150, at: "2026-03-16T10:00:00Z")
        }
        let scene = try await makeScene(host, chats: many)
        await host.advance(by: .milliseconds(3_000))
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        let text = driver.text()
        #expect(text.contains("100,000 chats"))
        #expect(driver.press(.end) == [.handled])
        #expect(driver.text().contains("Person 99999"))
    }

    @Test func changeCountStopOnTheList() async throws {
        let host = try host()
        let scene = try await makeScene(host)
        let driver = TextDriver(scene: scene, size: Size(width: 80, height: 24))
        await host.advance(by: .milliseconds(2_800))
        _ = driver.text()
        await host.settle()
        let count = scene.presenter.changeCount
        await host.advance(by: .seconds(30))
        #expect(scene.presenter.changeCount == count)
    }
}

@MainActor
@Suite("Feature in the terminal")
struct TerminalFeatureTests {
    @Test func makingTheSceneStartsNothing() async throws {
        let host = try TestHost()
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .inMemory)))
        let scene = feature.makeScene()
        _ = scene.render(size: Size(width: 80, height: 24))
        await host.advance(by: .seconds(10))
        #expect(feature.presenter.viewState.screen == .launch)
        #expect(host.clock.sleeperCount == 0)
        #expect(host.activity.inFlight == 0)
        #expect(scene.minimumSize == Size(width: 40, height: 12))
    }

    @Test func keysDoNothingBeforeTheList() throws {
        let host = try TestHost()
        let feature = try ChatsFeature(context: try host.context(id: "chats", source: SourceConfiguration(kind: .inMemory)))
        let scene = feature.makeScene()
        for key: Key in [.down, .up, .enter, .character("r"), .escape, .character("q")] {
            #expect(scene.handle(key) == .ignored)
        }
        #expect(scene.keyHints.isEmpty)
    }
}

@MainActor
@Suite("Avatar circle")
struct AvatarArtTests {
    private func circle(_ avatar: ImageState?) -> Frame {
        let chat = Fixtures.chat(1, "Noah Fischer", avatar: "http://img.example/n.png")
        var frame = Frame(size: Size(width: 5, height: 3))
        AvatarView.draw(
            Fixtures.formatter().row(chat, avatar: avatar, now: Fixtures.start), into: &frame, at: Point(x: 0, y: 0),
            background: ChatsPalette.background)
        return frame
    }

    @Test func theGreyCircleUnlessLoaded() {
        let grey = Cell("█", style: Style(foreground: ChatsPalette.placeholder, background: ChatsPalette.placeholder))
        for avatar: ImageState? in [nil, .loading, .failed("HTTP 404")] {
            #expect(circle(avatar)[2, 1] == grey, "\(String(describing: avatar))")
        }
        let loaded = circle(.loaded(ImageReference(key: "0123456789abcdef", contentType: "image/png", byteCount: 12)))
        #expect(loaded.plainLines()[1] == "█NF██")
        #expect(loaded[1, 1].grapheme == "N")
    }
}

@Suite("Row layout")
struct RowLayoutTests {
    static let now = Fixtures.start

    private func height(_ chat: Chat, width: Int) -> Int {
        ChatRowView(row: Fixtures.formatter().row(chat, avatar: nil, now: Self.now), width: width).height
    }

    private func sample(_ id: Int) -> Chat { ChatSamples.all.first { $0.identifier == id }! }

    @Test func rowsGrowWithTheirContentAtTwoWidths() {
        // Marco: one line of name, one of message: the avatar's three lines, plus the separator.
        #expect(height(sample(3), width: 80) == 4)
        #expect(height(sample(3), width: 40) == 4)
        // Anna: the message wraps to two lines at 80 and three at 40, beside the (2) badge.
        #expect(height(sample(2), width: 80) == 4)
        #expect(height(sample(2), width: 40) == 5)
        // Jonas: four lines at 80, nine at 40, all shown.
        #expect(height(sample(8), width: 80) == 6)
        #expect(height(sample(8), width: 40) == 11)
        // Fatima: the (99+) badge leaves the message 25 columns at 40.
        #expect(height(sample(9), width: 80) == 4)
        #expect(height(sample(9), width: 40) == 4)
    }

    @Test func longNamesWrapBesideTheDate() {
        let chat = Fixtures.chat(1, "Fatima Zahra El Amrani", message: "Hi", at: "2026-03-15T10:00:00Z")
        let layout = ChatRowView(row: Fixtures.formatter().row(chat, avatar: nil, now: Self.now), width: 40)
        #expect(layout.nameLines == ["Fatima Zahra El", "Amrani"])
        #expect(layout.date == "Yesterday")
        #expect(layout.height == 4)
        let multiline = Fixtures.chat(2, "A", message: "one\ntwo\nthree\nfour", at: "2026-03-16T10:00:00Z")
        #expect(ChatRowView(row: Fixtures.formatter().row(multiline, avatar: nil, now: Self.now), width: 80).height == 6)
    }

    @Test func everyWordOfTheMessageIsDrawn() {
        let chat = sample(8)
        let row = Fixtures.formatter().row(chat, avatar: nil, now: Self.now)
        for width in [40, 57, 80, 132] {
            let layout = ChatRowView(row: row, width: width)
            var frame = Frame(size: Size(width: width, height: layout.height))
            layout.draw(row, selected: false, into: &frame, y: 0)
            let drawn = frame.plainLines().joined(separator: " ").split(separator: " ").joined(separator: " ")
            for word in chat.message.split(separator: " ") { #expect(drawn.contains(word), "\(word) at \(width)") }
        }
    }

    @Test func aTabInAMessageIsSpacing() {
        let chat = Fixtures.chat(3, "A", message: "line4\ttab", at: "2026-03-16T10:00:00Z")
        let row = Fixtures.formatter().row(chat, avatar: nil, now: Self.now)
        let layout = ChatRowView(row: row, width: 40)
        #expect(layout.messageLines == ["line4 tab"])
        var frame = Frame(size: Size(width: 40, height: layout.height))
        layout.draw(row, selected: false, into: &frame, y: 0)
        #expect(frame.plainLines()[1].contains("line4 tab"))
    }
}
