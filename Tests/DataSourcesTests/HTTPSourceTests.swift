import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite(.onItsOwnThread) struct HTTPSourceTests {
    let server: LoopbackHTTPServer

    init() throws { server = try LoopbackHTTPServer() }

    func source(timeout: Double = 5, path: String = "cars") -> HTTPSource<[Car]> {
        HTTPSource(url: server.url(path), timeout: timeout, transport: LiveHTTPTransport(), decoder: carDecoder)
    }

    @Test func okDecodesTheBody() async throws {
        server.respond(with: .json(carsJSON))
        #expect(try await source().load() == Loaded(cars))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/cars")
        #expect(request.headers["accept"] == "application/json, application/x-plist;q=0.9")
    }

    @Test(arguments: [404, 500])
    func nonSuccessNamesTheStatus(status: Int) async throws {
        server.respond(with: .text("nope", status: status))
        await #expect(throws: HTTPError.status(status, server.url("cars"))) { try await source().load() }
    }

    @Test func anUndecodableBodySaysWhere() async throws {
        server.respond(with: .json("<html>maintenance</html>"))
        await #expect {
            try await source().load()
        } throws: { error in
            error.userFacingMessage.hasPrefix("The reply from \(server.url("cars").absoluteString) could not be read")
        }
    }

    @Test func aReplySlowerThanTheTimeoutTimesOut() async throws {
        server.respond(with: .json(carsJSON, delay: 2))
        await #expect(throws: HTTPError.timedOut(server.url("cars"), seconds: 0.3)) { try await source(timeout: 0.3).load() }
    }

    @Test func aRefusedConnectionSaysSo() async throws {
        let port = try LoopbackHTTPServer.refusedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/cars"))
        let source = HTTPSource(url: url, timeout: 5, transport: LiveHTTPTransport(), decoder: carDecoder)
        await #expect(throws: HTTPError.cannotConnect(url, reason: "the connection was refused")) { try await source.load() }
    }

    @Test func aBodyOverTheCapIsRefused() async throws {
        server.respond(with: .json(carsJSON))
        let capped = HTTPSource(
            url: server.url("cars"), timeout: 5, transport: LiveHTTPTransport(maximumBodySize: 10), decoder: carDecoder)
        await #expect(throws: HTTPError.bodyTooLarge(server.url("cars"), limit: 10)) { try await capped.load() }
    }

    /// Issue 34.15: the reply's Content-Type says a property list; the config's format overrides it.
    @Test func aPropertyListIsReadByItsContentTypeOrTheConfiguredFormat() async throws {
        server.respond(with: .data(Data(carsPlist.utf8), contentType: "application/x-plist; charset=utf-8"))
        #expect(try await source().load() == Loaded(cars))
        server.respond(with: .data(Data(carsPlist.utf8), contentType: "text/plain"))
        let plist = HTTPSource(url: server.url("cars"), timeout: 5, transport: LiveHTTPTransport(), decoder: carDecoder, format: .plist)
        #expect(try await plist.load() == Loaded(cars))
        #expect(server.requests.last?.headers["accept"] == "application/x-plist")
        server.respond(with: .data(Data(carsJSON.utf8), contentType: "application/x-plist"))
        let json = HTTPSource(url: server.url("cars"), timeout: 5, transport: LiveHTTPTransport(), decoder: carDecoder, format: .json)
        #expect(try await json.load() == Loaded(cars))
    }

    @Test func aPropertyListReadAsJSONSaysSo() async throws {
        server.respond(with: .json(carsPlist))
        await #expect {
            try await source().load()
        } throws: { error in
            error.userFacingMessage.contains("It is a property list, not JSON: serve it as application/x-plist")
        }
    }
}
