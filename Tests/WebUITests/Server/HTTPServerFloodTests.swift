import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Connection floods (issue 35.7; audit H-LD1b: 400 slow connections that reconnect as soon as dropped got half the
/// page loads a 503). With `isPreferred`, connections that carried a request of the user's own are kept and
/// anonymous ones are shed first, at once, so the flood evicts itself and the user's page gets in.
@Suite(.serialized) struct HTTPServerFloodTests {
    private static let mine = "GET /hello HTTP/1.1\r\nHost: mine\r\n\r\n"
    private static let mineOnce = "GET /hello HTTP/1.1\r\nHost: mine\r\nConnection: close\r\n\r\n"

    private func fixture(maxConnections: Int, evictableAfter: Duration) throws -> ServerFixture {
        try ServerFixture {
            $0.maxConnections = maxConnections
            $0.evictableAfter = evictableAfter
            $0.isPreferred = { $0.headers["Host"] == "mine" }
        }
    }

    /// Step by step: the cap full of anonymous slow clients, each far inside `evictableAfter` (so the age rule alone
    /// would refuse the user), and the user's page still gets in, ten times; its keep-alive connection is kept.
    @Test func anonymousConnectionsAreShedBeforeTheUsersOwn() throws {
        let fixture = try fixture(maxConnections: 8, evictableAfter: .seconds(600))
        let page = try fixture.client()
        try page.send(Self.mine)
        #expect(try page.readResponse().status == 200)
        let slow = try (0..<7).map { _ in try HTTPServerEvictionTests.slowClient(fixture) }

        for round in 0..<10 {
            let load = try fixture.client()
            try load.send(Self.mineOnce)
            #expect(try load.readResponse().status == 200, "page load \(round)")
            load.close()
        }
        #expect(try slow[0].readResponse().status == 503, "the oldest anonymous one made room")
        try page.send(Self.mine)
        #expect(try page.readResponse().status == 200, "the page's own connection was never shed")
    }

    /// When every place is the user's (busy within `evictableAfter`), an anonymous newcomer is the one refused.
    @Test func anAnonymousNewcomerDoesNotShedTheUsersConnections() throws {
        let fixture = try fixture(maxConnections: 4, evictableAfter: .seconds(600))
        let pages = try (0..<4).map { _ in try fixture.client() }
        for page in pages {
            try page.send(Self.mine)
            #expect(try page.readResponse().status == 200)
        }
        let stranger = try fixture.client()
        #expect(try stranger.readResponse().status == 503)
        for page in pages {
            try page.send(Self.mine)
            #expect(try page.readResponse().status == 200)
        }
    }

    /// A bounded flood on loopback: 48 sockets that each send half a request and reconnect as soon as dropped (at
    /// most 3,000 connections, at most 20 s), against a cap of 32 with the default `evictableAfter`; meanwhile the
    /// user loads 30 pages on fresh connections. Every load is served.
    @Test func aFloodThatReconnectsAtOnceDoesNotLockOutTheUser() async throws {
        let fixture = try fixture(maxConnections: 32, evictableAfter: .seconds(1))
        let port = fixture.port
        let flood = Flood(port: port, sockets: 48, maxConnects: 3_000)
        let running = Task.detached { flood.run(until: .now + .seconds(20)) }
        // The flood has filled the cap and begun to churn before the first load.
        let churning = flood.churning
        #expect(await Task.detached { churning.wait(timeout: TestHost.idleTimeout) }.value)
        var served = 0
        for _ in 0..<30 {
            served += try await Task.detached {
                let load = try RawHTTPClient(port: port)
                defer { load.close() }
                try load.send(Self.mineOnce)
                return try load.readResponse().status == 200 ? 1 : 0
            }.value
        }
        flood.stop()
        await running.value
        #expect(served == 30)
        #expect(flood.connects > 64, "the flood churned: \(flood.connects) connections")
    }
}

/// Slow-loris connections that reconnect as soon as the server drops them, from one thread, bounded in sockets,
/// connections and time.
private final class Flood: Sendable {
    private let port: UInt16
    private let sockets: Int
    private let maxConnects: Int
    private let state = Locked((connects: 0, stopped: false))
    /// Opens once the flood has made twice the sockets it holds: the cap is full and it is being dropped.
    let churning = BlockingGate()

    init(port: UInt16, sockets: Int, maxConnects: Int) {
        self.port = port
        self.sockets = sockets
        self.maxConnects = maxConnects
    }

    var connects: Int { state.withLock { $0.connects } }
    func stop() { state.withLock { $0.stopped = true } }

    func run(until deadline: ContinuousClock.Instant) {
        var open: [Int32] = (0..<sockets).compactMap { _ in connect() }
        defer { for fd in open { close(fd) } }
        var scratch = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < deadline, !state.withLock({ $0.stopped || $0.connects >= maxConnects }) {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 10) >= 0 else { return }
            for (index, entry) in polled.enumerated() where entry.revents != 0 {
                // Answered (503) or closed: dropped, so come back at once.
                _ = recv(entry.fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
                close(entry.fd)
                open[index] = connect() ?? -1
            }
            open.removeAll { $0 < 0 }
            while open.count < sockets, let fd = connect() { open.append(fd) }
        }
    }

    private func connect() -> Int32? {
        guard state.withLock({ $0.connects < maxConnects && !$0.stopped }) else { return nil }
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connectSocket(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let partial = Array("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8)
        guard connected == 0, send(fd, partial, partial.count, Int32(MSG_NOSIGNAL)) == partial.count else {
            close(fd)
            return nil
        }
        if state.withLock({ state in
            state.connects += 1
            return state.connects == sockets * 2
        }) {
            churning.open()
        }
        return fd
    }
}

/// The system's `connect`, under a name the flood's own `connect()` does not shadow.
private func connectSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}
