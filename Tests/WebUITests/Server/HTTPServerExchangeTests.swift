import FeatureHostTesting
import Testing
import WebUI
import WebUITesting

/// Requests and answers over real sockets: methods, keep-alive, pipelining, the responder's edge cases.
@Suite(.serialized) struct HTTPServerExchangeTests {
    @Test func getIsAnswered() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/hello"))
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyText == "hello")
        #expect(response.header("Connection") == "keep-alive")
    }

    @Test func headGetsTheHeadOnlyAndTheConnectionGoesOn() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send("HEAD /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "5")
        // Had a body been sent, it would be read here as the next status line.
        try client.send(get("/echo"))
        let next = try client.readResponse()
        #expect(next.status == 200)
        #expect(next.bodyText == "len=0")
    }

    @Test func keepAliveAnswersTwoRequestsInOrder() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/hello"))
        #expect(try client.readResponse().bodyText == "hello")
        try client.send("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\nabc")
        #expect(try client.readResponse().bodyText == "len=3")
        #expect(fixture.server.connectionCount == 1)
    }

    @Test func connectionCloseIsHonoured() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/hello", close: true))
        let response = try client.readResponse()
        #expect(response.header("Connection") == "close")
        #expect(try client.readToEnd().isEmpty)
    }

    @Test func pipelinedRequestWaitsForTheFirstAnswer() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/held") + get("/hello"))
        #expect(fixture.held.wait(timeout: TestHost.idleTimeout))
        // The second request is not handed over while the first is unanswered.
        #expect(fixture.handled.current == ["/held"])
        let responder = try #require(fixture.heldResponder.current)
        responder.send(HTTPServerResponse(status: .ok, body: Array("first".utf8), keepAlive: true))
        #expect(try client.readResponse().bodyText == "first")
        #expect(try client.readResponse().bodyText == "hello")
        #expect(fixture.handled.current == ["/held", "/hello"])
    }

    @Test func manyPipelinedRequestsFromASlowReaderAreAllAnsweredInOrder() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        // Far more answer bytes than the socket buffers hold: the server must pause and resume reading.
        let sizes = (0..<200).map { 32 + $0 % 64 }
        try client.send(sizes.map { get("/big?n=\($0)") }.joined())
        for size in sizes {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.body.count == size * 1024)
        }
        #expect(fixture.handled.current.count == sizes.count)
    }

    @Test func anAnswerFromAnotherThreadArrives() async throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/held"))
        #expect(fixture.held.wait(timeout: TestHost.idleTimeout))
        let responder = try #require(fixture.heldResponder.current)
        fixture.heldResponder.withValue { $0 = nil }
        await Task.detached {
            responder.send(HTTPServerResponse(status: .ok, body: Array("later".utf8), keepAlive: true))
        }.value
        #expect(try client.readResponse().bodyText == "later")
    }

    @Test func aDroppedResponderAnswers500AndCloses() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/drop"))
        let response = try client.readResponse()
        #expect(response.status == 500)
        #expect(try client.waitForClose())
        #expect(fixture.errors.current.contains { $0.hasPrefix("500 Internal Server Error") && $0.contains("/drop") })
    }

    @Test func aSecondAnswerIsIgnored() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/twice"))
        #expect(try client.readResponse().bodyText == "first")
        try client.send(get("/hello"))
        #expect(try client.readResponse().bodyText == "hello")
    }

    @Test func fiftyConcurrentClientsEachGetTheirAnswer() throws {
        let fixture = try ServerFixture()
        let clients = try (0..<50).map { _ in try fixture.client() }
        for (index, client) in clients.enumerated() {
            try client.send(
                "POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(index)\r\n\r\n" + String(repeating: "x", count: index))
        }
        for (index, client) in clients.enumerated() {
            #expect(try client.readResponse().bodyText == "len=\(index)")
        }
    }
}
