import FeatureHostCore
import Testing
import WebUI
import WebUITesting

/// The request deadline and idle timeout on a clock the test moves: nothing expires until the test passes the
/// deadline, and then the close (a bounded read) comes at once, with no real time waited.
@Suite struct HTTPServerDeadlineTests {
    @Test func aSlowClientGets408WhileAnotherIsServed() throws {
        let time = ManualServerClock()
        let fixture = try ServerFixture {
            $0.requestDeadline = .seconds(10)
            $0.idleTimeout = .seconds(30)
            $0.clock = time.clock
        }
        let slow = try fixture.client()
        try slow.send("GET /hello HTTP/1.1\r\nHost: a\r\n")
        let quick = try fixture.client()
        try quick.send(get("/hello"))
        // The quick answer came after the slow half-request was read: both were ready in the same poll or it earlier.
        #expect(try quick.readResponse().status == 200)
        time.advance(by: .seconds(10) + .milliseconds(1), waking: fixture.server)
        let answer = try slow.readResponse()
        #expect(answer.status == 408)
        #expect(try slow.waitForClose())
        #expect(fixture.errors.current.contains { $0.hasPrefix("408 Request Timeout") })
        #expect(fixture.handled.current == ["/hello"])
    }

    @Test func aSilentClientIsClosedWithoutAnAnswer() throws {
        let time = ManualServerClock()
        let fixture = try ServerFixture {
            $0.requestDeadline = .seconds(10)
            $0.idleTimeout = .seconds(10)
            $0.clock = time.clock
        }
        let silent = try fixture.client()
        try waitUntilOpen(1, on: fixture.server)
        time.advance(by: .seconds(10) + .milliseconds(1), waking: fixture.server)
        #expect(try silent.readToEnd().isEmpty)
        #expect(fixture.errors.current.isEmpty)
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        let time = ManualServerClock()
        let fixture = try ServerFixture {
            $0.requestDeadline = .seconds(30)
            $0.idleTimeout = .seconds(10)
            $0.clock = time.clock
        }
        let client = try fixture.client()
        try client.send(get("/hello"))
        #expect(try client.readResponse().status == 200)
        time.advance(by: .seconds(10) + .milliseconds(1), waking: fixture.server)
        #expect(try client.readToEnd().isEmpty)
    }
}
