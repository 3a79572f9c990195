import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

@MainActor
@Suite("Avatars: asynchronous, once per image, only for rows on screen")
struct AvatarTests {
    static let a = URL(string: "http://img.example/a.png")!
    static let b = URL(string: "http://img.example/b.png")!
    nonisolated static let chats = [
        Fixtures.chat(1, "Ann Lee", avatar: "http://img.example/a.png", at: "2026-03-16T12:00:00Z"),
        Fixtures.chat(2, "No Picture", avatar: "", at: "2026-03-16T11:00:00Z"),
        Fixtures.chat(3, "Bo Ek", avatar: "http://img.example/b.png", at: "2026-03-16T10:00:00Z"),
        Fixtures.chat(4, "Ann Again", avatar: "http://img.example/a.png", at: "2026-03-16T09:00:00Z"),
    ]

    /// A presenter already on the list (2.3 s in).
    private func listPresenter(_ host: TestHost) async throws -> ChatsPresenter {
        let presenter = ChatsPresenter(
            context: try host.context(id: "chats"), source: Fixtures.source(Self.chats, activity: host.activity), timing: .standard)
        presenter.send(.start)
        await host.clock.advance(by: .milliseconds(2_300))
        await host.clock.settle()
        return presenter
    }

    private func list(_ avatars: [URL: AvatarState]) -> ChatListState {
        Fixtures.list(Self.chats, summary: "4 chats", avatars: avatars)
    }

    @Test func statesFollowTheVisibleRows() async throws {
        let transport = ScriptedTransport()
        let host = try TestHost(transport: transport)
        let presenter = try await listPresenter(host)
        #expect(presenter.viewState.list == list([:]))
        #expect(presenter.viewState.list.rows?.map(\.avatar) == [.idle, .none, .idle, .idle])

        presenter.send(.rowsVisible(0..<2))
        await host.clock.settle()
        #expect(transport.requests == [Self.a])
        #expect(presenter.viewState.list == list([Self.a: .loading]))

        transport.reply(Self.a, HTTPResponse(status: 200, headers: ["content-type": "image/png"], body: ScriptedTransport.png))
        await host.settle()
        let imageA = AvatarImage(url: Self.a, mediaType: "image/png", data: ScriptedTransport.png)
        #expect(presenter.viewState.list == list([Self.a: .loaded(imageA)]))
        // Both rows with that URL show it; the row without a URL keeps the placeholder.
        #expect(presenter.viewState.list.rows?.map(\.avatar) == [.loaded(imageA), .none, .idle, .loaded(imageA)])

        presenter.send(.rowsVisible(2..<4))
        await host.clock.settle()
        #expect(transport.requests == [Self.a, Self.b])
        #expect(presenter.viewState.list == list([Self.a: .loaded(imageA), Self.b: .loading]))

        // Scrolled away while loading: cancelled, and back to idle.
        presenter.send(.rowsVisible(0..<1))
        await host.settle()
        #expect(transport.cancelled == [Self.b])
        #expect(presenter.viewState.list == list([Self.a: .loaded(imageA)]))

        // Back on screen: a cancelled load was never fetched, so it starts again; a 404 fails it.
        presenter.send(.rowsVisible(2..<3))
        await host.clock.settle()
        #expect(transport.requests == [Self.a, Self.b, Self.b])
        transport.reply(Self.b, HTTPResponse(status: 404))
        await host.settle()
        #expect(presenter.viewState.list == list([Self.a: .loaded(imageA), Self.b: .failed("HTTP 404")]))

        // Everything on screen again: each image was fetched once, failures are not retried by scrolling.
        presenter.send(.rowsVisible(0..<4))
        await host.settle()
        #expect(transport.requests == [Self.a, Self.b, Self.b])
        #expect(transport.pending.isEmpty)

        // An explicit refresh retries the failure (only).
        presenter.send(.reload)
        await host.clock.settle()
        #expect(transport.requests == [Self.a, Self.b, Self.b, Self.b])
        transport.fail(Self.b, HTTPError.cannotConnect(Self.b, reason: "the connection was refused"))
        await host.settle()
        #expect(
            presenter.viewState.list.rows?[2].avatar
                == .failed("Could not connect to img.example: the connection was refused."))
    }

    @Test func realTransportAgainstTheLoopbackServer() async throws {
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/ok.png": return .data(ScriptedTransport.png, contentType: "image/png")
            case "/page": return .text("<html>not found</html>")
            default: return LoopbackHTTPServer.Reply(status: 404)
            }
        }
        let host = try TestHost()
        let chats = [
            Fixtures.chat(1, "Ok", avatar: server.url("ok.png").absoluteString, at: "2026-03-16T12:00:00Z"),
            Fixtures.chat(2, "Missing", avatar: server.url("missing.png").absoluteString, at: "2026-03-16T11:00:00Z"),
            Fixtures.chat(3, "Html", avatar: server.url("page").absoluteString, at: "2026-03-16T10:00:00Z"),
        ]
        let presenter = ChatsPresenter(
            context: try host.context(id: "chats"), source: Fixtures.source(chats, activity: host.activity), timing: .standard)
        presenter.send(.start)
        await host.advance(by: .milliseconds(2_300))
        presenter.send(.rowsVisible(0..<3))
        await host.settle()
        #expect(
            presenter.viewState.list.rows?.map(\.avatar) == [
                .loaded(AvatarImage(url: server.url("ok.png"), mediaType: "image/png", data: ScriptedTransport.png)),
                .failed("HTTP 404"), .failed("not an image (text/plain)"),
            ])
        presenter.send(.rowsVisible(0..<1))
        presenter.send(.rowsVisible(0..<3))
        await host.settle()
        #expect(server.requests.map(\.path).sorted() == ["/missing.png", "/ok.png", "/page"])
        #expect(server.requests.allSatisfy { $0.headers["accept"] == "image/*" })
    }

    @Test func responsesAreCheckedForPictures() {
        let url = Self.a
        func check(_ response: HTTPResponse) -> Result<AvatarImage, AvatarFailure> { AvatarResponse.image(from: response, url: url) }
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2])
        #expect(check(HTTPResponse(status: 200, body: jpeg)) == .success(AvatarImage(url: url, mediaType: "image/jpeg", data: jpeg)))
        let gif = Data("GIF89a..".utf8)
        #expect(check(HTTPResponse(status: 200, body: gif)) == .success(AvatarImage(url: url, mediaType: "image/gif", data: gif)))
        let webp = Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        #expect(check(HTTPResponse(status: 200, body: webp)) == .success(AvatarImage(url: url, mediaType: "image/webp", data: webp)))
        let svg = Data("<svg/>".utf8)
        #expect(
            check(HTTPResponse(status: 200, headers: ["content-type": "image/svg+xml; charset=utf-8"], body: svg))
                == .success(AvatarImage(url: url, mediaType: "image/svg+xml", data: svg)))
        #expect(check(HTTPResponse(status: 200, body: Data())) == .failure(AvatarFailure("an empty reply")))
        #expect(check(HTTPResponse(status: 200, body: Data("hello".utf8))) == .failure(AvatarFailure("not an image (no content type)")))
        #expect(check(HTTPResponse(status: 500, body: jpeg)) == .failure(AvatarFailure("HTTP 500")))
        let huge = Data([0x89, 0x50, 0x4E, 0x47]) + Data(count: AvatarResponse.maximumBytes)
        #expect(check(HTTPResponse(status: 200, body: huge)) == .failure(AvatarFailure("larger than 5 MB")))
    }

    @Test func placeholderShowsUnlessLoaded() {
        #expect(AvatarState.none.showsPlaceholder)
        #expect(AvatarState.idle.showsPlaceholder)
        #expect(AvatarState.loading.showsPlaceholder)
        #expect(AvatarState.failed("x").showsPlaceholder)
        #expect(!AvatarState.loaded(AvatarImage(url: Self.a, mediaType: "image/png", data: Data([1]))).showsPlaceholder)
    }
}
