import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUI
import WebUITesting

/// Streaming responses (Server-Sent Events) and how they end.
@Suite(.serialized) struct HTTPServerStreamTests {
    @Test func chunksArriveInOrderAfterAHeadWithoutLength() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/stream"))
        #expect(fixture.streamOpened.wait(timeout: TestHost.idleTimeout))
        let stream = try #require(fixture.streams.current.first)
        let head = try client.readResponse(head: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == nil)
        #expect(head.header("Connection") == "close")
        #expect(head.header("Content-Type") == "text/event-stream")
        var expected: [UInt8] = []
        for index in 0..<20 {
            let event = ServerSentEvent(event: "patch", data: "n\(index)", id: "\(index)").bytes
            expected += event
            #expect(stream.write(event))
        }
        #expect(try client.read(count: expected.count) == expected)
        stream.close()
        #expect(stream.isClosed)
        #expect(!stream.write([1]))
        #expect(try client.readToEnd().isEmpty)
    }

    /// Writes go straight to the socket while it takes them, and queue with the loop once it is full: a client that
    /// reads late still gets every event whole and in order, and once the queue is sent, writes go straight out again.
    @Test func eventsPastWhatTheSocketHoldsArriveInOrderAndLaterOnesStillFlow() throws {
        let fixture = try ServerFixture { $0.maxQueuedBytesPerConnection = 32 << 20 }
        let client = try fixture.client()
        try client.send(get("/stream"))
        #expect(fixture.streamOpened.wait(timeout: TestHost.idleTimeout))
        let stream = try #require(fixture.streams.current.first)
        _ = try client.readResponse(head: true)
        let padding = String(repeating: "x", count: 4000)
        func events(_ range: Range<Int>) -> [UInt8] {
            range.flatMap { ServerSentEvent(event: "patch", data: "\($0) \(padding)", id: "\($0)").bytes }
        }
        // About 8 MB, unread: more than a loopback socket's buffers hold, so the last ones wait in the loop's queue.
        for index in 0..<2_000 { #expect(stream.write(events(index..<(index + 1)))) }
        let early = events(0..<2_000)
        let arrived = try client.read(count: early.count) == early  // a Bool: 8 MB would not print usefully
        #expect(arrived, "every event whole and in order")
        for index in 2_000..<2_020 { #expect(stream.write(events(index..<(index + 1)))) }
        #expect(try client.read(count: events(2_000..<2_020).count) == events(2_000..<2_020))
        stream.close()
        #expect(try client.readToEnd().isEmpty)
    }

    @Test func onCloseFiresWhenTheClientGoesAway() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/stream"))
        #expect(fixture.streamOpened.wait(timeout: TestHost.idleTimeout))
        let stream = try #require(fixture.streams.current.first)
        let closed = BlockingGateCounter()
        stream.onClose { closed.fire() }
        _ = try client.readResponse(head: true)
        client.close()
        #expect(closed.wait())
        #expect(stream.isClosed)
        #expect(closed.count == 1)
        #expect(!stream.write([1]))
    }

    @Test func onCloseFiresWhenTheServerStops() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/stream"))
        #expect(fixture.streamOpened.wait(timeout: TestHost.idleTimeout))
        let stream = try #require(fixture.streams.current.first)
        let closed = BlockingGateCounter()
        stream.onClose { closed.fire() }
        fixture.server.stop()
        #expect(closed.wait())
        #expect(closed.count == 1)
        #expect(try client.waitForClose())
    }

    /// `serve` tells every page `stopping` and stops the server at once: the event must not be lost to the stop.
    @Test func whatAStreamWasToldJustBeforeTheServerStopsStillArrives() throws {
        for round in 0..<20 {
            let fixture = try ServerFixture()
            let client = try fixture.client()
            try client.send(get("/stream"))
            #expect(fixture.streamOpened.wait(timeout: TestHost.idleTimeout))
            let stream = try #require(fixture.streams.current.first)
            _ = try client.readResponse(head: true)
            let event = ServerSentEvent(event: "stopping", data: "{\"round\":\(round)}").bytes
            #expect(stream.write(event))
            stream.close()
            fixture.server.stop()
            #expect(try client.readToEnd() == event, "round \(round)")
        }
    }

    @Test func aStreamIsNotCutByTheRequestDeadline() throws {
        let time = ManualServerClock()
        let fixture = try ServerFixture {
            $0.requestDeadline = .seconds(10)
            $0.idleTimeout = .seconds(10)
            $0.clock = time.clock
        }
        let client = try fixture.client()
        try client.send(get("/stream"))
        #expect(fixture.streamOpened.wait(timeout: TestHost.idleTimeout))
        let stream = try #require(fixture.streams.current.first)
        _ = try client.readResponse(head: true)
        // A connection opened after the stream is closed at the deadline, which the stream has then outlived.
        let other = try fixture.client()
        try waitUntilOpen(2, on: fixture.server)
        time.advance(by: .seconds(10) + .milliseconds(1), waking: fixture.server)
        #expect(try other.readToEnd().isEmpty)
        #expect(stream.write(Array("still here".utf8)))
        #expect(try client.read(count: 10) == Array("still here".utf8))
    }

    @Test func aStreamWhoseClientNeverReadsIsClosedAtTheQueueLimit() throws {
        let fixture = try ServerFixture { $0.maxQueuedBytesPerConnection = 256 * 1024 }
        let client = try fixture.client()
        try client.send(get("/stream"))
        #expect(fixture.streamOpened.wait(timeout: TestHost.idleTimeout))
        let stream = try #require(fixture.streams.current.first)
        let closed = BlockingGateCounter()
        stream.onClose { closed.fire() }
        let chunk = [UInt8](repeating: 0x2E, count: 16 * 1024)
        var written = 0
        // Bounded: far more than the socket buffers and the queue hold together.
        while written < 4096, stream.write(chunk) { written += 1 }
        #expect(written < 4096)
        #expect(closed.wait())
        #expect(stream.isClosed)
        withExtendedLifetime(client) {}
    }
}

/// A gate that also counts how often it was fired, to show a callback ran exactly once.
final class BlockingGateCounter: Sendable {
    private let gate = BlockingGate()
    private let fired = Locked(0)

    func fire() {
        fired.withValue { $0 += 1 }
        gate.open()
    }

    func wait() -> Bool { gate.wait(timeout: TestHost.idleTimeout) }

    var count: Int { fired.current }
}
