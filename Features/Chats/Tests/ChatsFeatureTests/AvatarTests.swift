import ChatsFixtures
import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@testable import ChatsFeature

@MainActor
@Suite("Avatars: through the host's image cache, once per URL, for the rows around the selection and on screen")
struct AvatarTests {
    nonisolated static let a = URL(string: "http://img.example/a.png")!
    nonisolated static let b = URL(string: "http://img.example/b.png")!

    /// 40 chats, newest first: `a` on rows 0 and 31, `b` on row 30, no picture elsewhere.
    nonisolated static let chats: [Chat] = (0..<40).map { index in
        let avatar = index == 0 || index == 31 ? a.absoluteString : index == 30 ? b.absoluteString : ""
        return Chat(
            identifier: index, fullname: "Person \(index)", avatarURL: avatar, message: "Hi", unreadMessagesCount: 0,
            sendingDate: Fixtures.start.addingTimeInterval(Double(-60 * (index + 1))))
    }

    private func list(_ avatars: [URL: ImageState], selected: Int = 0) -> ChatListState {
        Fixtures.list(Self.chats, summary: "40 chats", avatars: avatars, selected: selected)
    }

    @Test func fetchesFollowTheSelectionAndTheReportedRows() async throws {
        let transport = ManualTransport()
        let host = try TestHost(transport: transport)
        let store = PresenterTestStore(try Fixtures.presenter(host, source: Fixtures.source(Self.chats)), host: host)
        #expect(store.state.list == Fixtures.loadingList)

        // Loaded: the first 20 rows fetch theirs, so `a` starts; rows sharing a URL share its state. (A fetch held
        // by the transport is work in flight: wait for its request, not for the store to settle.)
        store.send(.lifecycle(.appear), starts: ["load", "clock"])
        await transport.waitForRequests(1)
        #expect(transport.requests == [Self.a])
        await store.receive(at: .zero, starts: ["avatar http://img.example/a.png", "clock"]) { $0.list = list([Self.a: .loading]) }
        #expect(store.state.list.rows?[31].avatar == .loading)
        #expect(store.state.list.rows?[1].avatar == nil)

        transport.reply(Self.a, HTTPResponse(status: 200, headers: ["content-type": "image/png"], body: SampleImage.png))
        // The cache keeps it: asking again is a hit, not a request.
        await store.presenter.until { $0.list.rows?[0].avatar != .loading }
        let reference = try await host.images.image(at: Self.a)
        #expect(reference.contentType == "image/png" && reference.byteCount == SampleImage.png.count)
        await store.receive(at: .zero) { $0.list = list([Self.a: .loaded(reference)]) }
        #expect(store.state.list.rows?[31].avatar == .loaded(reference))
        await store.advance(by: .milliseconds(2_800))
        store.skipReceivedChanges(to: Fixtures.handedOver)

        // The selection moves down: `b` comes into the window; `a` is loaded already and not fetched again.
        store.send(.select(index: 30), starts: ["avatar http://img.example/b.png"]) {
            $0.list = list([Self.a: .loaded(reference), Self.b: .loading], selected: 30)
        }
        await transport.waitForRequests(2)
        #expect(transport.requests == [Self.a, Self.b])

        // Back up before it answers: `b` leaves the window, its fetch is cancelled and forgotten.
        store.send(.select(index: 0)) { $0.list = list([Self.a: .loaded(reference)]) }
        await host.settle()
        #expect(transport.cancelled == [Self.b])

        // A surface reports it shows row 30: `b` starts again, and fails.
        store.send(.rowsVisible(28..<32), starts: ["avatar http://img.example/b.png"]) {
            $0.list = list([Self.a: .loaded(reference), Self.b: .loading])
        }
        await transport.waitForRequests(3)
        transport.reply(Self.b, HTTPResponse(status: 404))
        let notFound = ImageState.failed("The image b.png could not be loaded: the server answered HTTP 404.")
        await store.receive { $0.list = list([Self.a: .loaded(reference), Self.b: notFound]) }

        // Moving about fetches nothing more: each URL once, failures are not retried by scrolling.
        store.send(.select(index: 35)) { $0.list.selectedIndex = 35 }
        store.send(.rowsVisible(0..<4))
        store.send(.rowsVisible(28..<32))
        await host.settle()
        #expect(transport.requests == [Self.a, Self.b, Self.b])
        #expect(transport.pending.isEmpty)

        // An explicit refresh retries the failure (only).
        store.send(.reload, starts: ["load", "avatar http://img.example/b.png"]) {
            $0.list = list([Self.a: .loaded(reference), Self.b: .loading], selected: 35)
            $0.list.refreshing = "Loading chats…"
        }
        await transport.waitForRequests(4)
        #expect(transport.requests == [Self.a, Self.b, Self.b, Self.b])
        await store.presenter.until { $0.list.refreshing == nil }
        let reloaded = Fixtures.start.addingTimeInterval(2.8)
        await store.receive {
            $0.list = Fixtures.list(
                Self.chats, summary: "40 chats", avatars: [Self.a: .loaded(reference), Self.b: .loading], now: reloaded, selected: 35)
        }
        transport.fail(Self.b, HTTPError.cannotConnect(Self.b, reason: "the connection was refused"))
        await store.receive {
            $0.list = Fixtures.list(
                Self.chats, summary: "40 chats",
                avatars: [
                    Self.a: .loaded(reference),
                    Self.b: .failed("The image b.png could not be loaded: Could not connect to img.example: the connection was refused."),
                ], now: reloaded, selected: 35)
        }
        store.send(.lifecycle(.didEnterBackground))
        await store.finish()
    }

    @Test func realTransportAgainstTheLoopbackServer() async throws {
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/ok.png": return .data(SampleImage.png, contentType: "image/png")
            case "/page": return .text("<html>not found</html>")
            default: return LoopbackHTTPServer.Reply(status: 404)
            }
        }
        let host = try TestHost()
        let chats = [
            Fixtures.chat(1, "Ok", avatar: server.url("ok.png").absoluteString, at: "2026-03-16T12:00:00Z"),
            Fixtures.chat(2, "Missing", avatar: server.url("missing.png").absoluteString, at: "2026-03-16T11:00:00Z"),
            Fixtures.chat(3, "Html", avatar: server.url("page").absoluteString, at: "2026-03-16T10:00:00Z"),
            Fixtures.chat(4, "Ok Again", avatar: server.url("ok.png").absoluteString, at: "2026-03-16T09:00:00Z"),
        ]
        // The chat list comes from this server (the config's http source), so its avatars may too.
        let presenter = try Fixtures.presenter(host, source: Fixtures.source(chats), configured: .http(server.url("chats.json")))
        presenter.send(.lifecycle(.appear))
        await host.settle()
        let avatars = try #require(presenter.viewState.list.rows?.map(\.avatar))
        guard case .loaded(let reference) = avatars[0] else {
            Issue.record("expected a loaded avatar, found \(String(describing: avatars[0]))")
            return
        }
        #expect(reference.contentType == "image/png")
        #expect(host.images.cachedImage(forKey: reference.key)?.data == SampleImage.png)
        #expect(
            avatars == [
                .loaded(reference), .failed("The image missing.png could not be loaded: the server answered HTTP 404."),
                .failed("The reply for page is not an image."), .loaded(reference),
            ])
        #expect(server.requests.map(\.path).sorted() == ["/missing.png", "/ok.png", "/page"])
        #expect(server.requests.allSatisfy { $0.headers["accept"] == "image/*" })

        // Another presenter on the same host (another page, say) gets the picture from the cache.
        let other = try Fixtures.presenter(host, source: Fixtures.source(chats), configured: .http(server.url("chats.json")))
        other.send(.lifecycle(.appear))
        await host.settle()
        #expect(other.viewState.list.rows?.first?.avatar == .loaded(reference))
        #expect(server.requests.filter { $0.path == "/ok.png" }.count == 1)

        // The same list from a file: this server is then just another program on the machine, never asked.
        let asked = server.requests.count
        let fromFile = try Fixtures.presenter(host, source: Fixtures.source(chats), configured: SourceConfiguration(kind: .plist))
        fromFile.send(.lifecycle(.appear))
        await host.settle()
        #expect(
            fromFile.viewState.list.rows?.first?.avatar
                == .failed("The image ok.png was not fetched: 127.0.0.1 is this machine, and \(HTTPDestination.rule)."))
        #expect(server.requests.count == asked)
    }
}
