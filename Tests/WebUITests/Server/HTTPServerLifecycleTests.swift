import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUI
import WebUITesting

/// Starting, binding errors and stopping.
@Suite(.serialized) struct HTTPServerLifecycleTests {
    @Test func stopWithOpenConnectionsReturnsPromptlyAndFreesThePort() throws {
        let fixture = try ServerFixture()
        let port = fixture.port
        let idle = try fixture.client()
        let partial = try fixture.client()
        try partial.send("GET / HTTP/1.1\r\n")
        let held = try fixture.client()
        try held.send(get("/held"))
        #expect(fixture.held.wait(timeout: TestHost.idleTimeout))
        let streaming = try fixture.client()
        try streaming.send(get("/stream"))
        #expect(fixture.streamOpened.wait(timeout: TestHost.idleTimeout))

        let clock = ContinuousClock()
        let started = clock.now
        fixture.server.stop()
        #expect(started.duration(to: clock.now) < .seconds(5))
        #expect(fixture.server.connectionCount == 0)
        fixture.server.stop()  // Idempotent.
        for client in [idle, partial, held, streaming] { #expect(try client.waitForClose()) }
        // An answer after stop goes nowhere and does not crash.
        fixture.heldResponder.current?.send(HTTPServerResponse(status: .ok))

        let again = try HTTPServer.start(HTTPServer.Configuration(port: port)) { _, responder in
            responder.send(HTTPServerResponse(status: .ok, body: Array("again".utf8)))
        }
        defer { again.stop() }
        #expect(again.port == port)
        let client = try RawHTTPClient(port: port)
        try client.send(get("/"))
        #expect(try client.readResponse().bodyText == "again")
    }

    @Test func noHandlerRunsAfterStop() throws {
        let fixture = try ServerFixture()
        let client = try fixture.client()
        try client.send(get("/hello"))
        #expect(try client.readResponse().status == 200)
        fixture.server.stop()
        let before = fixture.handled.current
        // The port is closed and the old connection was closed. A new connection is refused, unless another
        // test running in parallel has just been given the same free port: then it must not reach this server.
        if let late = try? RawHTTPClient(port: fixture.port) {
            try? late.send(get("/late"))
            _ = try? late.readResponse()
        }
        #expect(try client.waitForClose())
        #expect(fixture.handled.current == before)
    }

    @Test func aPortInUseIsNamedWithTheSystemsReason() throws {
        let fixture = try ServerFixture()
        let error = #expect(throws: HTTPServerError.self) {
            try HTTPServer.start(HTTPServer.Configuration(port: fixture.port)) { _, _ in }
        }
        #expect(error?.description.contains("127.0.0.1:\(fixture.port)") == true)
        #expect(error?.description.contains("Address already in use") == true)
    }

    /// `featurehost serve` listens on ::1 at its port too (a browser tries ::1 first for a `*.localhost` name), so
    /// no other program can be the one listening there.
    @Test func additionalHostsShareThePortAndHoldIt() throws {
        let server = try HTTPServer.start(HTTPServer.Configuration(additionalHostsForTest: ["::1"])) { _, responder in
            responder.send(HTTPServerResponse(status: .ok))
        }
        defer { server.stop() }
        let error = #expect(throws: HTTPServerError.self) {
            try HTTPServer.start(HTTPServer.Configuration(host: "::1", port: server.port)) { _, _ in }
        }
        #expect(error?.description.contains("[::1]:\(server.port)") == true)
    }

    @Test func anAdditionalHostAnotherProgramHoldsStopsAChosenPort() throws {
        // The squatter's port on ::1 may be taken on 127.0.0.1 by another test's server running in parallel (the
        // two families hand out ports independently): then that attempt says nothing about ::1, and another port
        // is tried.
        for _ in 0..<20 {
            let squatter = try HTTPServer.start(HTTPServer.Configuration(host: "::1")) { _, _ in }
            defer { squatter.stop() }
            let error = #expect(throws: HTTPServerError.self) {
                try HTTPServer.start(HTTPServer.Configuration(port: squatter.port, additionalHostsForTest: ["::1"])) { _, _ in }
            }
            if error?.description.contains("127.0.0.1:\(squatter.port)") == true { continue }
            #expect(error?.description.contains("cannot bind [::1]:\(squatter.port)") == true)
            #expect(error?.description.contains("Address already in use") == true)
            // The IPv4 listener it had taken first was given back.
            let again = try HTTPServer.start(HTTPServer.Configuration(port: squatter.port)) { _, _ in }
            again.stop()
            return
        }
        Issue.record("every port the squatter was given was in use on 127.0.0.1 too")
    }

    @Test func anAdditionalHostThisMachineLacksIsSkipped() throws {
        let server = try HTTPServer.start(HTTPServer.Configuration(additionalHostsForTest: ["192.0.2.1"])) { _, responder in
            responder.send(HTTPServerResponse(status: .ok, body: Array("up".utf8)))
        }
        defer { server.stop() }
        let client = try RawHTTPClient(port: server.port)
        try client.send(get("/"))
        #expect(try client.readResponse().bodyText == "up")
    }

    @Test func aBadAddressIsNamed() throws {
        let error = #expect(throws: HTTPServerError.self) {
            try HTTPServer.start(HTTPServer.Configuration(host: "300.1.2.3")) { _, _ in }
        }
        #expect(error?.description.contains("300.1.2.3") == true)
    }

    @Test func anAddressNotOnThisMachineGivesTheSystemsReason() throws {
        let error = #expect(throws: HTTPServerError.self) {
            try HTTPServer.start(HTTPServer.Configuration(host: "192.0.2.1")) { _, _ in }
        }
        #expect(error?.description.contains("192.0.2.1:0") == true)
        #expect(error?.description.contains("Cannot assign requested address") == true)
    }

    @Test func stopFromInsideAHandlerDoesNotDeadlock() throws {
        let box = Locked<HTTPServer?>(nil)
        let stopped = BlockingGateCounter()
        let server = try HTTPServer.start(HTTPServer.Configuration()) { _, responder in
            responder.send(HTTPServerResponse(status: .ok))
            box.current?.stop()
            stopped.fire()
        }
        box.withValue { $0 = server }
        let client = try RawHTTPClient(port: server.port)
        try client.send(get("/"))
        #expect(stopped.wait())
        #expect(try client.waitForClose())
        server.stop()
        box.withValue { $0 = nil }
    }
}

extension HTTPServer.Configuration {
    fileprivate init(host: String = "127.0.0.1", port: UInt16 = 0, additionalHostsForTest hosts: [String]) {
        self.init(host: host, port: port)
        additionalHosts = hosts
    }
}
