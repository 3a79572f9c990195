import Testing
import WebUI

/// The request deadline and idle timeout, made short so the close event comes soon; the tests wait for the
/// close (a bounded read), never for time.
@Suite(.serialized) struct HTTPServerDeadlineTests {
    @Test func aSlowClientGets408WhileAnotherIsServed() throws {
        let fixture = try ServerFixture {
            $0.requestDeadline = .milliseconds(300)
            $0.idleTimeout = .seconds(30)
        }
        let slow = try fixture.client()
        try slow.send("GET /hello HTTP/1.1\r\nHost: a\r\n")
        let quick = try fixture.client()
        try quick.send(get("/hello"))
        #expect(try quick.readResponse().status == 200)
        let answer = try slow.readResponse()
        #expect(answer.status == 408)
        #expect(try slow.waitForClose())
        #expect(fixture.errors.current.contains { $0.hasPrefix("408 Request Timeout") })
        #expect(fixture.handled.current == ["/hello"])
    }

    @Test func aSilentClientIsClosedWithoutAnAnswer() throws {
        let fixture = try ServerFixture {
            $0.requestDeadline = .milliseconds(300)
            $0.idleTimeout = .milliseconds(300)
        }
        let silent = try fixture.client()
        #expect(try silent.readToEnd().isEmpty)
        #expect(fixture.errors.current.isEmpty)
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        let fixture = try ServerFixture {
            $0.requestDeadline = .seconds(30)
            $0.idleTimeout = .milliseconds(300)
        }
        let client = try fixture.client()
        try client.send(get("/hello"))
        #expect(try client.readResponse().status == 200)
        #expect(try client.readToEnd().isEmpty)
    }
}
