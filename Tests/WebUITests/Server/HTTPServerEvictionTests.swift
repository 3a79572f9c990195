import FeatureHostTesting
import Testing
import WebUI
import WebUITesting

/// At the connection cap a new client takes the place of the connection that waited longest without a
/// request in hand (issue 16: slow clients must not lock out the legitimate ones); streams and requests with
/// the handler are never evicted.
@Suite(.serialized) struct HTTPServerEvictionTests {
    /// A connection that has been served once (so it was surely accepted) and now sends half a request.
    static func slowClient(_ fixture: ServerFixture) throws -> RawHTTPClient {
        let client = try fixture.client()
        try client.send(get("/hello"))
        #expect(try client.readResponse().status == 200)
        try client.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
        return client
    }

    @Test func aNewClientEvictsTheSlowClientThatWaitedLongest() throws {
        let fixture = try ServerFixture {
            $0.maxConnections = 4
            $0.evictableAfter = .zero
        }
        let slow = try (0..<4).map { _ in try Self.slowClient(fixture) }

        let newcomer = try fixture.client()
        try newcomer.send(get("/hello"))
        #expect(try newcomer.readResponse().status == 200)

        let evicted = try slow[0].readResponse()
        #expect(evicted.status == 503)
        #expect(evicted.header("Retry-After") == "1")
        #expect(try slow[0].waitForClose())
        #expect(fixture.errors.current.contains { $0.hasPrefix("503 Service Unavailable") && $0.contains("made room") })
        // The next oldest was not touched: it can still finish its request.
        try slow[1].send("\r\n\r\n")
        #expect(try slow[1].readResponse().status == 200)
    }

    @Test func aStreamOfSlowClientsNeverLocksOutANewRequest() throws {
        let fixture = try ServerFixture {
            $0.maxConnections = 8
            $0.evictableAfter = .zero
        }
        var slow = try (0..<8).map { _ in try Self.slowClient(fixture) }
        for round in 0..<20 {
            // A new slow client takes a place too; a legitimate request still gets through each time.
            slow.append(try Self.slowClient(fixture))
            let client = try fixture.client()
            try client.send(get("/hello", close: true))
            #expect(try client.readResponse().status == 200, "round \(round)")
        }
    }

    @Test func streamsAndHeldRequestsAreNeverEvicted() throws {
        let fixture = try ServerFixture {
            $0.maxConnections = 4
            $0.evictableAfter = .zero
        }
        let streams = try (0..<3).map { _ in try fixture.client() }
        for client in streams {
            try client.send(get("/stream"))
            #expect(try client.readResponse(head: true).status == 200)
        }
        let held = try fixture.client()
        try held.send(get("/held"))
        #expect(fixture.held.wait(timeout: 60))

        let refused = try fixture.client()
        #expect(try refused.readResponse().status == 503)
        #expect(fixture.streams.current.allSatisfy { !$0.isClosed })
        fixture.heldResponder.current?.send(HTTPServerResponse(status: .ok, body: Array("late".utf8)))
        #expect(try held.readResponse().bodyText == "late")
    }

    @Test func idleKeepAliveConnectionsGoAfterNewAndSlowOnes() throws {
        let fixture = try ServerFixture {
            $0.maxConnections = 3
            $0.evictableAfter = .zero
        }
        let idle = try fixture.client()
        try idle.send(get("/hello"))
        #expect(try idle.readResponse().status == 200)
        let slow = try (0..<2).map { _ in try Self.slowClient(fixture) }

        let newcomer = try fixture.client()
        try newcomer.send(get("/hello"))
        #expect(try newcomer.readResponse().status == 200)
        #expect(try slow[0].readResponse().status == 503, "the slow one went, though the idle one waited longer")
        try idle.send(get("/hello"))
        #expect(try idle.readResponse().status == 200)
    }

    @Test func connectionsBusyWithinTheGraceAreKeptAndTheNewcomerRefused() throws {
        let fixture = try ServerFixture {
            $0.maxConnections = 3
            $0.evictableAfter = .seconds(600)
        }
        let inUse = try fixture.client()
        try inUse.send(get("/hello"))
        #expect(try inUse.readResponse().status == 200)
        let slow = try Self.slowClient(fixture)
        let stream = try fixture.client()
        try stream.send(get("/stream"))
        #expect(try stream.readResponse(head: true).status == 200)

        let newcomer = try fixture.client()
        #expect(try newcomer.readResponse().status == 503)
        try inUse.send(get("/hello"))
        #expect(try inUse.readResponse().status == 200)
        try slow.send("\r\n\r\n")
        #expect(try slow.readResponse().status == 200)
    }

    @Test func anIdleKeepAliveConnectionMakesRoomSilently() throws {
        let fixture = try ServerFixture {
            $0.maxConnections = 2
            $0.evictableAfter = .zero
        }
        let idle = try fixture.client()
        try idle.send(get("/hello"))
        #expect(try idle.readResponse().status == 200)
        let stream = try fixture.client()
        try stream.send(get("/stream"))
        #expect(try stream.readResponse(head: true).status == 200)

        let newcomer = try fixture.client()
        try newcomer.send(get("/hello"))
        #expect(try newcomer.readResponse().status == 200)
        #expect(try idle.readToEnd().isEmpty, "closed as its idle timeout would: no answer, no line")
        #expect(fixture.errors.current.isEmpty)
    }
}
