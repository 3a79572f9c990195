import CarNewsFixtures
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import CarNewsFeature

/// Article images through the host's image cache, against a real HTTP server on 127.0.0.1.
@MainActor
@Suite("Article images")
struct ArticleImageTests {

    /// Serves `articles` at `/articles`, the PNG under `/images/` (except `missing.png`), and 404 for the rest.
    private static func serve(_ articles: [Article], on server: LoopbackHTTPServer) {
        let reply = Fixtures.reply(articles)
        server.respond { request in
            if request.path == "/articles" { return .json(reply) }
            if request.path.hasPrefix("/images/"), request.path != "/images/missing.png" {
                return .data(SampleImage.png, contentType: "image/png")
            }
            return LoopbackHTTPServer.Reply(status: 404)
        }
    }

    private static func imageRequests(_ server: LoopbackHTTPServer) -> [String] {
        server.requests.map(\.path).filter { $0.hasPrefix("/images/") }
    }

    private static func reference(_ state: ImageState?) -> ImageReference? {
        guard case .loaded(let reference)? = state else { return nil }
        return reference
    }

    /// Two articles: the newer one's image is missing on the server.
    private static func twoArticles(_ server: LoopbackHTTPServer) -> [Article] {
        [
            Fixtures.article(1, "Pictured", minutes: 60, image: server.url("images/a8.png").absoluteString),
            Fixtures.article(2, "Unpictured", minutes: 120, image: server.url("images/missing.png").absoluteString),
        ]
    }

    /// The two articles' rows, their images loading.
    private static func loadingRows(_ server: LoopbackHTTPServer) -> [CarNewsViewState.Row] {
        [
            .init(id: 2, title: "Unpictured", date: "16 March, 02:00", imageLabel: "Image: missing.png", image: .loading),
            .init(id: 1, title: "Pictured", date: "16 March, 01:00", imageLabel: "Image: a8.png", image: .loading),
        ]
    }

    /// The image effects of the two articles' rows.
    private static func imageLoads(_ server: LoopbackHTTPServer) -> [String] {
        ["image " + server.url("images/missing.png").absoluteString, "image " + server.url("images/a8.png").absoluteString]
    }

    private static let notFound = ImageState.failed("The image missing.png could not be loaded: the server answered HTTP 404.")

    @Test("a row's image loads into the host's cache and the open article shows it; a 404 is a failed image")
    func loadedAndFailed() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        Self.serve(Self.twoArticles(server), on: server)
        let store = harness.store(try harness.feature(Harness.http(server)).presenter)
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"] + Self.imageLoads(server)) { $0 = .list(Self.loadingRows(server)) }
        // Each image as it comes, in either order; the loaded one's reference is the cache's to make.
        await store.advance(by: .zero)
        let loaded = try #require(Self.reference(store.receivedChanges.last?.state.rows.last?.image))
        #expect(loaded.contentType == "image/png")
        #expect(loaded.byteCount == SampleImage.png.count)
        #expect(harness.host.images.cachedImage(forKey: loaded.key)?.data == SampleImage.png)
        store.skipReceivedChanges {
            $0.rows[0].image = Self.notFound
            $0.rows[1].image = .loaded(loaded)
        }

        store.send(.moveSelection(by: 1)) { $0.selectedIndex = 1 }
        store.send(.openSelected, starts: ["article"]) { $0.detail = CarNewsPresenterTests.loadingDetail(of: $0.rows[1]) }
        await store.advance(by: .zero)
        let detail = try #require(store.receivedChanges.first?.state.detail)
        #expect(detail.image == .loaded(loaded))
        #expect(detail.imageLabel == "Image: a8.png")
        await store.receive { $0.detail = detail }
        await store.finish()
        #expect(Self.imageRequests(server).sorted() == ["/images/a8.png", "/images/missing.png"])  // each once
    }

    @Test("offline after a first load, the image comes from the cache; the one never loaded fails")
    func offlineFromCache() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        Self.serve(Self.twoArticles(server), on: server)
        let first = harness.store(try harness.feature(Harness.http(server)).presenter)
        first.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await first.receive(starts: ["refresh"] + Self.imageLoads(server)) { $0 = .list(Self.loadingRows(server)) }
        await first.advance(by: .zero)
        let loaded = try #require(Self.reference(first.receivedChanges.last?.state.rows.last?.image))
        first.skipReceivedChanges {
            $0.rows[0].image = Self.notFound
            $0.rows[1].image = .loaded(loaded)
        }
        await first.finish()

        server.stop()
        let refused = "Could not connect to 127.0.0.1: the connection was refused."
        let reopened = harness.store(try harness.feature(Harness.http(server)).presenter)
        reopened.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await reopened.receive(starts: ["refresh"] + Self.imageLoads(server)) {
            $0 = CarNewsViewState.list(Self.loadingRows(server)).updating()
        }
        await reopened.settled {
            var rows = Self.loadingRows(server)
            rows[0].image = .failed("The image missing.png could not be loaded: \(refused)")
            rows[1].image = .loaded(loaded)
            $0 = .offline(rows, lastUpdated: "16 March, 12:34", reason: refused)
        }
        await reopened.finish()
    }

    @Test("only the first rows and the rows around the selection ask for their images")
    func window() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        // Newest first: row i is article 30 - i.
        let articles = (1...30).map { id in
            Fixtures.article(Int64(id), "Car \(id)", minutes: id, image: server.url("images/\(id).png").absoluteString)
        }
        Self.serve(articles, on: server)
        let rows = articles.reversed().map { article in
            CarNewsViewState.Row(
                id: article.id, title: article.title, date: String(format: "16 March, 00:%02d", Int(article.id)),
                imageLabel: "Image: \(article.id).png", image: .loading)
        }
        let loads = rows.map { "image " + server.url("images/\($0.id).png").absoluteString }
        let store = harness.store(try harness.feature(Harness.http(server)).presenter)
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"] + loads.prefix(20)) { $0 = .list(rows) }
        await store.advance(by: .zero)
        #expect(Self.imageRequests(server).count == 20)
        // The first 20 loaded (their references are the cache's to make), the rest still waiting.
        let first = store.receivedChanges.last?.state.rows.prefix(20).map(\.image) ?? []
        #expect(first.count == 20 && first.allSatisfy { Self.reference($0) != nil })
        store.skipReceivedChanges { $0.rows.replaceSubrange(0..<first.count, with: zip(rows, first).map { $0.with(image: $1) }) }

        store.send(.selectLast, starts: Array(loads.suffix(10))) { $0.selectedIndex = 29 }
        await store.advance(by: .zero)
        #expect(Set(Self.imageRequests(server)).count == 30)
        #expect(Self.imageRequests(server).count == 30)
        let all = store.receivedChanges.last?.state.rows.map(\.image) ?? []
        #expect(all.count == 30 && all.allSatisfy { Self.reference($0) != nil })
        store.skipReceivedChanges { $0.rows = zip(rows, all).map { $0.with(image: $1) } }
        await store.finish()
    }

    @Test("a good refresh asks again for the images that failed")
    func retryAfterRefresh() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        let articles = Self.twoArticles(server)
        Self.serve(articles, on: server)
        let store = harness.store(try harness.feature(Harness.http(server)).presenter)
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        await store.receive(starts: ["refresh"] + Self.imageLoads(server)) { $0 = .list(Self.loadingRows(server)) }
        await store.advance(by: .zero)
        let loaded = try #require(Self.reference(store.receivedChanges.last?.state.rows.last?.image))
        store.skipReceivedChanges {
            $0.rows[0].image = Self.notFound
            $0.rows[1].image = .loaded(loaded)
        }

        let reply = Fixtures.reply(articles)
        server.respond { request in
            request.path == "/articles" ? .json(reply) : .data(SampleImage.png, contentType: "image/png")
        }
        store.send(.refresh, starts: ["refresh"]) { $0.status = "Updating…" }
        // Only the failed one is asked again.
        await store.receive(starts: [Self.imageLoads(server)[0]]) {
            $0.status = nil
            $0.rows[0].image = .loading
        }
        await store.advance(by: .zero)
        let retried = try #require(Self.reference(store.receivedChanges.last?.state.rows.first?.image))
        await store.receive { $0.rows[0].image = .loaded(retried) }
        await store.finish()
        #expect(Self.imageRequests(server).filter { $0 == "/images/a8.png" }.count == 1)  // the loaded one is not asked again
    }

    @Test("an article without an image has none; an address that is not a web address fails without a request")
    func noImageAndUnusable() async throws {
        let harness = try Harness()
        let server = try LoopbackHTTPServer()
        Self.serve(
            [Fixtures.article(1, "None", minutes: 1, image: " "), Fixtures.article(2, "Relative", minutes: 2, image: "car.png")],
            on: server)
        let store = harness.store(try harness.feature(Harness.http(server)).presenter)
        store.send(.lifecycle(.appear), starts: ["saved list"]) { $0 = CarNewsViewState.loading.updating() }
        // Not a web address: failed at once, no effect started for it.
        await store.receive(starts: ["refresh"]) {
            $0 = .list([
                .init(
                    id: 2, title: "Relative", date: "16 March, 00:02", imageLabel: "Image: car.png",
                    image: .failed("The image address \"car.png\" is not a web address.")),
                .init(id: 1, title: "None", date: "16 March, 00:01", imageLabel: "No image"),
            ])
        }
        await store.finish()
        #expect(Self.imageRequests(server).isEmpty)
    }
}

@Suite("Which rows ask for their images")
struct ImageWindowTests {
    @Test("without a selection: the first 20 rows")
    func leading() {
        #expect(ImageWindow.rows(around: nil, count: 5) == [0, 1, 2, 3, 4])
        #expect(ImageWindow.rows(around: nil, count: 100) == Array(0..<20))
        #expect(ImageWindow.rows(around: 3, count: 0).isEmpty)
    }

    @Test("the selection first, then outwards from it, then the first 20; each row once")
    func aroundSelection() {
        let rows = ImageWindow.rows(around: 50, count: 100)
        #expect(rows.prefix(5) == [50, 51, 49, 52, 48])
        #expect(Set(rows) == Set(40...60).union(0..<20))
        #expect(rows.count == 41)
        #expect(ImageWindow.rows(around: 2, count: 30) == [2, 3, 1, 4, 0] + Array(5...12) + Array(13..<20))
    }
}
