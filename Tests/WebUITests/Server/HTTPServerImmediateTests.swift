import FeatureHostTesting
import Testing
import WebUI
import WebUITesting

/// Answers the I/O thread gives itself (`HTTPServer.answerImmediately`): prepared bytes, written without the
/// handler, in order with the handler's answers on the same connection.
@Suite(.serialized) struct HTTPServerImmediateTests {
    private static let body = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
    private static let prepared = PreparedResponse(
        HTTPServerResponse(status: .ok, headers: [("Content-Type", "application/octet-stream")], body: body, keepAlive: true))

    /// `/static` is answered by the loop; everything else goes to the fixture's handler. The round trip to `/hello`
    /// makes sure the loop has taken the answer before the test's requests arrive.
    private func fixtureWithStatic() throws -> (ServerFixture, RawHTTPClient) {
        let fixture = try ServerFixture()
        let prepared = Self.prepared
        fixture.server.answerImmediately { request in request.path == "/static" ? prepared : nil }
        let client = try fixture.client()
        try client.send(get("/hello"))
        #expect(try client.readResponse().bodyText == "hello")
        return (fixture, client)
    }

    @Test func aPreparedAnswerIsWrittenWithoutTheHandler() throws {
        let (fixture, client) = try fixtureWithStatic()
        try client.send(get("/static"))
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.body == Self.body)
        #expect(response.header("Connection") == "keep-alive")
        #expect(response.header("Content-Length") == "\(Self.body.count)")
        #expect(fixture.handled.current == ["/hello"])
    }

    @Test func pipelinedRequestsAreAnsweredInOrderWhoeverAnswers() throws {
        let (fixture, client) = try fixtureWithStatic()
        try client.send(get("/static") + get("/hello") + get("/static") + "HEAD /static HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + get("/echo"))
        #expect(try client.readResponse().body == Self.body)
        #expect(try client.readResponse().bodyText == "hello")
        #expect(try client.readResponse().body == Self.body)
        let head = try client.readResponse(head: true)
        #expect(head.header("Content-Length") == "\(Self.body.count)")
        #expect(try client.readResponse().bodyText == "len=0")
        #expect(fixture.handled.current == ["/hello", "/hello", "/echo"])
    }

    /// Many pipelined requests buffered at once are taken in a loop, not by recursion, and all answered.
    @Test func aLongPipelineOfPreparedAnswersIsServedWhole() throws {
        let (fixture, client) = try fixtureWithStatic()
        let small = PreparedResponse(HTTPServerResponse(status: .ok, body: Array("s".utf8), keepAlive: true))
        fixture.server.answerImmediately { request in request.path == "/small" ? small : nil }
        try client.send(get("/hello"))
        _ = try client.readResponse()
        try client.send(String(repeating: get("/small"), count: 2_000))
        for _ in 0..<2_000 { #expect(try client.readResponse().bodyText == "s") }
    }

    @Test func connectionCloseIsHonoured() throws {
        let (fixture, client) = try fixtureWithStatic()
        try withExtendedLifetime(fixture) {
            try client.send(get("/static", close: true))
            let response = try client.readResponse()
            #expect(response.header("Connection") == "close")
            #expect(response.body == Self.body)
            #expect(try client.readToEnd().isEmpty)
        }
    }

    @Test func withoutTheAnswerTheHandlerHasTheRequestsAgain() throws {
        let (fixture, client) = try fixtureWithStatic()
        fixture.server.answerImmediately(nil)
        try client.send(get("/hello"))
        _ = try client.readResponse()
        try client.send(get("/static"))
        #expect(try client.readResponse().status == 404)
        #expect(fixture.handled.current == ["/hello", "/hello", "/static"])
    }

    /// Clients reading at once on several connections: the socket buffers fill, so answers go out in parts from
    /// the shared bytes (each connection's own place in them), and each arrives whole.
    @Test func manyClientsEachGetTheWholeBody() throws {
        let (fixture, _) = try fixtureWithStatic()
        let clients = try (0..<8).map { _ in try fixture.client() }
        for client in clients { try client.send(get("/static") + get("/static")) }
        for client in clients {
            #expect(try client.readResponse().body == Self.body)
            #expect(try client.readResponse().body == Self.body)
        }
    }
}
