import CarNewsFeature
import CarNewsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import TerminalUI
import Testing

@testable import CarNewsTerminal

/// Frames as golden text, at the size the shell gives an 80×24 terminal (one row is its footer) and at the
/// scene's minimum.
@MainActor
@Suite("The car news screen")
struct CarNewsSceneTests {
    static let body = Size(width: 80, height: 23)
    static let url = URL(string: "http://127.0.0.1:8080/articles")!

    private func check(_ driver: TextDriver, _ name: String) throws {
        try GoldenFile.check(driver.text(), named: name, in: GoldenFile.directory())
    }

    /// The feature's scene on a scripted server, appeared and settled.
    private func opened(
        _ harness: Harness, _ source: SourceConfiguration = Harness.inMemory, size: Size = body, settle: Bool = true
    ) async throws -> TextDriver {
        let driver = TextDriver(scene: try harness.scene(source), size: size)
        if settle { await harness.host.settle() }
        return driver
    }

    private static func replies(_ answers: Result<HTTPResponse, HTTPError>...) -> ScriptedTransport { ScriptedTransport(answers) }

    private static let good = Result<HTTPResponse, HTTPError>.success(
        HTTPResponse(status: 200, body: Data(Fixtures.quirkyReply.utf8)))

    @Test("the list: image placeholders with the title over them, the date under; the first card focused")
    func list() async throws {
        let harness = try Harness()
        let driver = try await opened(harness)
        try check(driver, "list-80x23.txt")
        #expect(
            driver.scene.keyHints == [
                KeyHint(key: "↑/↓", action: "select"), KeyHint(key: "Enter", action: "open"),
                KeyHint(key: "r", action: "refresh"), KeyHint(key: "PgUp/PgDn", action: "page"),
            ])
        #expect(driver.scene.minimumSize == Size(width: 40, height: 12))
    }

    @Test("the list at the minimum size")
    func minimumSize() async throws {
        let harness = try Harness()
        let driver = try await opened(harness, size: Size(width: 40, height: 12))
        try check(driver, "list-40x12.txt")
    }

    @Test("End scrolls to the last card; ↑ moves the focus up without scrolling; Home goes back to the top")
    func scrolling() async throws {
        let harness = try Harness()
        let driver = try await opened(harness)
        #expect(driver.press(.end, .up) == [.handled, .handled])
        try check(driver, "list-end-up-80x23.txt")
        driver.press(.home)
        try check(driver, "list-80x23.txt")
    }

    @Test("PageDown moves by the cards that fit on the screen; Tab and Shift-Tab move like ↓ and ↑")
    func paging() async throws {
        let harness = try Harness()
        let driver = try await opened(harness)
        driver.press(.pageDown)
        #expect((try #require(driver.scene as? CarNewsTerminalScene)).presenter.viewState.selectedIndex == 4)
        driver.press(.pageUp, .tab, .tab, .backTab)
        #expect((try #require(driver.scene as? CarNewsTerminalScene)).presenter.viewState.selectedIndex == 1)
    }

    @Test("Enter opens the article; Esc goes back to the list; Esc on the list is the shell's")
    func detail() async throws {
        let harness = try Harness()
        let driver = try await opened(harness)
        driver.press(.down, .down, .enter)
        await harness.host.settle()  // the article's text is read from the store
        try check(driver, "detail-80x23.txt")
        #expect(
            driver.scene.keyHints == [
                KeyHint(key: "↑/↓", action: "scroll"), KeyHint(key: "Esc", action: "list"),
                KeyHint(key: "r", action: "refresh"), KeyHint(key: "PgUp/PgDn", action: "page"),
            ])
        #expect(driver.press(.escape) == [.handled])
        #expect(driver.press(.escape, .character("q")) == [.ignored, .ignored])
        #expect(driver.text().contains("▶ ╰ Q7 – Greatness starts"))
    }

    @Test("a long article scrolls: ↓, PageDown, End, Home, clamped at both ends")
    func detailScrolling() async throws {
        let harness = try Harness()
        let size = Size(width: 40, height: 12)
        let driver = try await opened(harness, size: size)
        _ = driver.text()  // the shell draws before it delivers keys
        driver.press(.enter)
        await harness.host.settle()
        try check(driver, "detail-40x12.txt")
        driver.press(.end)
        try check(driver, "detail-end-40x12.txt")
        driver.press(.down, .pageDown)
        try check(driver, "detail-end-40x12.txt")
        driver.press(.home, .up)
        try check(driver, "detail-40x12.txt")
        driver.press(.down)
        #expect(driver.text().hasPrefix("  Car News › Article  lines 2–11 of 15"))
    }

    @Test("before the first reply: loading, with the refresh under way")
    func loading() async throws {
        let harness = try Harness(loopback: Self.replies(Self.good))
        let driver = try await opened(harness, .http(Self.url), settle: false)
        try check(driver, "loading-80x23.txt")
        #expect(driver.scene.keyHints.isEmpty, "r does nothing while the first load runs")
        await harness.host.settle()
        #expect(driver.text().contains("A8 – night vision"))
    }

    @Test("a failed refresh over saved articles: the offline banner above the list")
    func offline() async throws {
        let harness = try Harness(loopback: Self.replies(Self.good, .failure(.status(500, Self.url))))
        let driver = try await opened(harness, .http(Self.url))
        await harness.host.advance(by: .seconds(90))
        #expect(driver.press(.character("r")) == [.handled])
        await harness.host.settle()
        try check(driver, "offline-80x23.txt")
    }

    @Test(
        "a long reason in the offline banner wraps whole, with how to retry, at 40, 60 and 80 columns",
        arguments: [40, 60, 80])
    func offlineBannerWraps(width: Int) async throws {
        let url = try #require(URL(string: "https://www.apphusetreach.no/application/119267/article/get_articles_list"))
        let noDNS = HTTPError.failed(url, reason: "The operation could not be completed (NSURLErrorDomain error -1003)")
        let harness = try Harness(loopback: Self.replies(Self.good, .failure(noDNS)))
        let driver = try await opened(harness, .http(Self.url), size: Size(width: width, height: 23))
        await harness.host.advance(by: .seconds(90))
        driver.press(.character("r"))
        await harness.host.settle()
        // The banner's rows, borders removed, read as one text.
        let words = driver.text().split(separator: "\n").filter { $0.contains("│") }
            .map { $0.replacingOccurrences(of: "│", with: " ") }.joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(words.contains("failed: The operation could not be completed (NSURLErrorDomain error -1003). Press r to retry."))
        #expect(!words.contains("…"))
        #expect(driver.text().contains("A8 – night vision"), "a card still shows under the banner")
    }

    @Test("nothing saved and no server: the error screen says what went wrong and that r retries")
    func error() async throws {
        let harness = try Harness(
            loopback: Self.replies(.failure(.cannotConnect(Self.url, reason: "the connection was refused")), Self.good))
        let driver = try await opened(harness, .http(Self.url))
        try check(driver, "error-80x23.txt")
        #expect(driver.scene.keyHints == [KeyHint(key: "r", action: "retry")])
        driver.press(.character("r"))
        await harness.host.settle()
        #expect(driver.text().contains("Q7 – Greatness starts"))
    }

    @Test(
        "error texts end their sentences, and a web address wraps only after a /, never mid-word (40 and 80 columns)",
        arguments: [40, 80])
    func errorTextsReadWell(width: Int) async throws {
        let long = try #require(URL(string: "http://127.0.0.1:44029/application/119267/article/get_articles_list"))
        let harness = try Harness(
            loopback: Self.replies(
                .success(HTTPResponse(status: 500)),
                .success(HTTPResponse(status: 200, body: Data(#"{"status":"error","content":[]}"#.utf8)))))
        let driver = try await opened(harness, .http(long), size: Size(width: width, height: width == 40 ? 12 : 23))
        var lines = driver.text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.joined().contains(long.absoluteString + "."), "\(lines)")
        for line in lines where line.contains("application") || line.contains("127.0.0.1") || line.contains("get_articles") {
            #expect(line.hasSuffix("/") || line.hasSuffix("get_articles_list."), "a line ends inside the address: \(lines)")
        }
        driver.press(.character("r"))
        await harness.host.settle()
        driver.size = Size(width: width, height: 23)  // the whole reason, at the smallest width too
        lines = driver.text().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.joined(separator: " ").contains(#"instead of "success". Press r to retry."#), "\(lines)")
    }

    @Test("notices sit at the bottom: a skipped article, a damaged file moved aside")
    func notices() async throws {
        let harness = try Harness(
            loopback: Self.replies(
                .success(
                    HTTPResponse(
                        status: 200,
                        body: Data(
                            Fixtures.quirkyReply.replacingOccurrences(
                                of: #""content":[{"id""#, with: #""content":[{"id":1},{"id""#
                            ).utf8)))))
        try FileManager.default.createDirectory(at: harness.storageDirectory, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: harness.storageDirectory.appendingPathComponent("articles.sqlite"))
        let driver = try await opened(harness, .http(Self.url))
        try check(driver, "notices-80x23.txt")
    }

    @Test("a title too long for one line wraps over the image and ends in …")
    func longTitle() async throws {
        let long = Fixtures.reply([
            Fixtures.article(1, String(repeating: "A very long headline about cars ", count: 6), minutes: 1, image: "https://x.no/a.jpg")
        ])
        let harness = try Harness(loopback: Self.replies(.success(HTTPResponse(status: 200, body: Data(long.utf8)))))
        let driver = try await opened(harness, .http(Self.url), size: Size(width: 40, height: 12))
        try check(driver, "long-title-40x12.txt")
    }

    @Test("how far an article is scrolled is the scene's: reopened, it starts at the top")
    func scrollIsTheScenes() async throws {
        let harness = try Harness()
        let driver = try await opened(harness, size: Size(width: 40, height: 12))
        _ = driver.text()
        driver.press(.enter)
        await harness.host.settle()
        driver.press(.end)
        try check(driver, "detail-end-40x12.txt")
        driver.press(.escape, .enter)
        await harness.host.settle()
        try check(driver, "detail-40x12.txt")
    }

    @Test("while its text is read, an article shows its title and date and says it is loading")
    func articleLoading() async throws {
        let harness = try Harness()
        let driver = try await opened(harness)
        driver.press(.enter)
        let loading = driver.text()
        #expect(loading.contains("Electric SUVs: what a winter test taught us"))
        #expect(loading.contains("2 March, 07:45"))
        #expect(loading.contains("Loading the article…"))
        await harness.host.settle()
        #expect(!driver.text().contains("Loading the article…"))
    }

    @Test("a good empty reply: no articles yet, and r refreshes")
    func noArticles() async throws {
        let empty = #"{"status":"success","content":[]}"#
        let harness = try Harness(loopback: Self.replies(.success(HTTPResponse(status: 200, body: Data(empty.utf8)))))
        let driver = try await opened(harness, .http(Self.url))
        let text = driver.text()
        #expect(text.contains("There are no articles yet."))
        #expect(text.contains("Press r to refresh."))
        #expect(driver.scene.keyHints == [KeyHint(key: "r", action: "refresh")])
    }

    @Test("an article gone from the store says so, and that r refreshes the list")
    func articleGone() async throws {
        let harness = try Harness()
        let driver = try await opened(harness)
        let scene = try #require(driver.scene as? CarNewsTerminalScene)
        let gone = ArticleSummary(id: 2, title: "Gone", image: "", published: Date(timeIntervalSince1970: 1_773_651_900))
        scene.presenter.send(
            .refreshFinished(.refreshed(RefreshedList(window: ArticleWindow.around(.index(0), in: [gone]), refreshedAt: harness.host.now))))
        driver.press(.enter)
        await harness.host.settle()
        #expect(driver.text().contains("This article is no longer saved. Press r to refresh the list."))
    }
}
