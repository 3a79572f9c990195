import DataSources
import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing

@Suite struct HostAddressTests {
    @Test(arguments: [
        // Every spelling of 127.0.0.1 a URL parser or inet_aton accepts.
        ("127.0.0.1", "127.0.0.1", HostAddress.Scope.loopback), ("2130706433", "127.0.0.1", .loopback),
        ("0x7f000001", "127.0.0.1", .loopback), ("0177.0.0.1", "127.0.0.1", .loopback), ("0x7f.1", "127.0.0.1", .loopback),
        ("127.1", "127.0.0.1", .loopback), ("127.0.1", "127.0.0.1", .loopback), ("0X7F.0.0.01", "127.0.0.1", .loopback),
        ("127.0.0.1.", "127.0.0.1", .loopback), ("127.255.255.254", "127.255.255.254", .loopback),
        ("0.0.0.0", "0.0.0.0", .unspecified), ("0", "0.0.0.0", .unspecified),
        ("10.1.2.3", "10.1.2.3", .privateNetwork), ("172.16.0.1", "172.16.0.1", .privateNetwork),
        ("172.31.255.255", "172.31.255.255", .privateNetwork), ("192.168.1.1", "192.168.1.1", .privateNetwork),
        ("100.64.0.1", "100.64.0.1", .privateNetwork), ("3232235777", "192.168.1.1", .privateNetwork),
        ("169.254.169.254", "169.254.169.254", .linkLocal), ("0xa9fea9fe", "169.254.169.254", .linkLocal),
        ("224.0.0.1", "224.0.0.1", .multicast), ("255.255.255.255", "255.255.255.255", .reserved),
        ("192.0.2.1", "192.0.2.1", .reserved), ("198.18.0.1", "198.18.0.1", .reserved),
        ("172.32.0.1", "172.32.0.1", .public), ("100.128.0.1", "100.128.0.1", .public), ("8.8.8.8", "8.8.8.8", .public),
        ("93.184.216.34", "93.184.216.34", .public), ("11.0.0.1", "11.0.0.1", .public),
        ("localhost", "localhost", .loopback), ("LOCALHOST.", "localhost", .loopback), ("fh-1.localhost", "fh-1.localhost", .loopback),
        ("images.example.com", "images.example.com", .unresolved), ("localhost.example", "localhost.example", .unresolved),
        // Numeric-looking hosts that are no address: refused rather than guessed.
        ("256.0.0.1", "(not a valid address)", .invalid), ("1.2.3.4.5", "(not a valid address)", .invalid),
        ("0x", "0.0.0.0", .unspecified), ("4294967296", "(not a valid address)", .invalid), ("09.0.0.1", "(not a valid address)", .invalid),
        ("example.123", "(not a valid address)", .invalid),
    ])
    func ipv4AndNames(host: String, text: String, scope: HostAddress.Scope) {
        let address = HostAddress(host: host)
        #expect(address.scope == scope, "\(host)")
        #expect(address.text == text, "\(host)")
    }

    @Test(arguments: [
        ("::1", HostAddress.Scope.loopback), ("[::1]", .loopback), ("0:0:0:0:0:0:0:1", .loopback), ("::", .unspecified),
        ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback), ("[::ffff:10.0.0.1]", .privateNetwork),
        ("::ffff:169.254.169.254", .linkLocal), ("::127.0.0.1", .loopback), ("64:ff9b::10.0.0.1", .privateNetwork),
        ("64:ff9b::8.8.8.8", .public), ("2002:7f00:1::", .loopback), ("2002:0808:0808::1", .public),
        ("fe80::1", .linkLocal), ("fe80::1%eth0", .linkLocal), ("fe80::1%25eth0", .linkLocal), ("fc00::1", .privateNetwork),
        ("fd12:3456::1", .privateNetwork), ("fec0::1", .privateNetwork), ("ff02::1", .multicast),
        ("2001:db8::1", .reserved), ("2001::1", .reserved), ("64:ff9b:1::1", .privateNetwork), ("4000::1", .reserved),
        ("2606:4700:4700::1111", .public), ("2a00:1450:4001:80b::200e", .public),
        (":::1", .invalid), ("1::2::3", .invalid), ("12345::", .invalid), ("::ffff:256.0.0.1", .invalid), ("1:2:3:4:5:6:7:8:9", .invalid),
        ("::ffff:1.2.3", .invalid), ("g::1", .invalid), (":1::", .invalid), ("1:", .invalid),
    ])
    func ipv6(host: String, scope: HostAddress.Scope) {
        let address = HostAddress(host: host)
        #expect(address.scope == scope, "\(host)")
        if case .ipv6 = address { #expect(HostAddress(host: address.text) == address, "\(host) as \(address.text)") }
    }

    /// The fuzzer's finding: a 6to4 address with 0xff in byte 10 was written as the IPv4-mapped ::ffff:0.216.0.0.
    @Test(arguments: [
        ("2002:d8::ff00:0:0", "2002:d8::ff00:0:0"), ("::ffff:10.0.0.1", "::ffff:10.0.0.1"), ("::ffff:7f00:1", "::ffff:127.0.0.1"),
        ("64:ff9b::ff:ffff:0", "64:ff9b::ff:ffff:0"), ("0:0:0:0:0:ffff:0:0", "::ffff:0.0.0.0"),
    ])
    func ipv6TextReadsBackAsItself(host: String, text: String) {
        let address = HostAddress(host: host)
        #expect(address.text == text)
        #expect(HostAddress(host: address.text) == address)
    }

    @Test func urlHostsAsFoundationGivesThem() throws {
        for (text, scope) in [
            ("http://[::ffff:127.0.0.1]:8080/a.png", HostAddress.Scope.loopback), ("http://2130706433/a.png", .loopback),
            ("http://0x7f.1/a.png", .loopback), ("https://LocalHost./a.png", .loopback), ("http://[fe80::1%25lo]/x", .linkLocal),
            ("https://images.example.org/a.png", .unresolved),
        ] {
            let url = try #require(URL(string: text), "\(text)")
            #expect(HostAddress(host: url.host ?? "").scope == scope, "\(text): host \(url.host ?? "nil")")
        }
    }
}

/// Where requests may go, through the live transport: the first URL, each redirect, and each address a name
/// resolves to.
@Suite(.onItsOwnThread) struct DestinationTests {
    let server: LoopbackHTTPServer
    let other: LoopbackHTTPServer

    init() throws {
        server = try LoopbackHTTPServer()
        other = try LoopbackHTTPServer { _ in .text("the other local server") }
    }

    /// A request as the config makes it (trusting its own origin), or as data names it (`namedByData`: trusting
    /// `origin` only).
    func send(
        _ url: URL, namedByData: Bool = false, trusting origin: HTTPOrigin? = nil, transport: LiveHTTPTransport = LiveHTTPTransport()
    ) async throws -> HTTPResponse {
        // Generous: eleven hops on a loaded 2-core machine.
        var request = HTTPRequest(url: url, timeout: 60)
        if namedByData { request.trustedOrigin = origin }
        return try await transport.send(request)
    }

    func refused(_ url: URL, because reason: String) -> HTTPError {
        .cannotConnect(url, reason: "\(reason), and \(HTTPDestination.rule)")
    }

    @Test func aConfiguredURLIsFetchedWhereverItIsAndFollowsRedirectsWithinItsOrigin() async throws {
        server.respond { request in
            request.path == "/old" ? HostileReply.redirect(to: "/new", status: 301) : .text("moved here")
        }
        let response = try await send(server.url("old"))
        #expect(String(decoding: response.body, as: UTF8.self) == "moved here")
        #expect(server.requests.map(\.path) == ["/old", "/new"])
    }

    @Test func aRedirectToAnotherLocalServerIsRefused() async throws {
        let target = other.url("secret")
        server.respond(with: HostileReply.redirect(to: target.absoluteString))
        await #expect(
            throws: HTTPError.cannotConnect(
                server.url("feed"),
                reason: "it redirected to \(target.absoluteString); 127.0.0.1 is this machine, and \(HTTPDestination.rule)")
        ) { try await send(server.url("feed")) }
        #expect(other.requests.isEmpty, "the other server never hears from the host")
    }

    @Test(arguments: [
        ("http://10.0.0.1/x", "10.0.0.1 is a private network address"),
        ("http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address"),
        ("http://2130706433:1/x", "127.0.0.1 is this machine"), ("http://0x7f.1:1/x", "127.0.0.1 is this machine"),
        ("http://[::ffff:127.0.0.1]:1/x", "::ffff:127.0.0.1 is this machine"), ("http://[::1]:1/x", "::1 is this machine"),
        ("http://localhost:1/x", "localhost is this machine"), ("http://fh-x.localhost:1/x", "fh-x.localhost is this machine"),
        ("http://0.0.0.0:1/x", "0.0.0.0 is this machine"), ("http://[fd00::1]/x", "fd00::1 is a private network address"),
    ])
    func redirectsToPrivateAddressesAreRefusedInEveryForm(location: String, reason: String) async throws {
        server.respond(with: HostileReply.redirect(to: location))
        let next = try #require(URL(string: location))
        await #expect(
            throws: HTTPError.cannotConnect(
                server.url("feed"), reason: "it redirected to \(next.absoluteString); \(reason), and \(HTTPDestination.rule)")
        ) { try await send(server.url("feed")) }
    }

    @Test func aURLNamedByDataReachesOnlyPublicHostsOrTheTrustedOrigin() async throws {
        server.respond { request in request.path == "/a" ? HostileReply.redirect(to: "/b") : .text("image") }
        // No trusted origin: loopback is refused before any connection.
        await #expect(throws: refused(server.url("a"), because: "127.0.0.1 is this machine")) {
            try await send(server.url("a"), namedByData: true)
        }
        #expect(server.requests.isEmpty)
        // Trusting the server's origin: fetched, and a redirect within it followed.
        let origin = try #require(HTTPOrigin(server.baseURL))
        #expect(try await send(server.url("a"), namedByData: true, trusting: origin).body == Data("image".utf8))
        // Trusting another origin on the same machine does not open this one.
        let otherOrigin = try #require(HTTPOrigin(other.baseURL))
        await #expect(throws: refused(server.url("a"), because: "127.0.0.1 is this machine")) {
            try await send(server.url("a"), namedByData: true, trusting: otherOrigin)
        }
    }

    @Test func aNameIsCheckedByTheAddressItResolvesTo() async throws {
        server.respond(with: .text("should not be read"))
        // curl resolves images.test to 127.0.0.1 (no DNS involved); the name itself looks public.
        let transport = LiveHTTPTransport(resolving: ["images.test:\(server.port):127.0.0.1"])
        let url = try #require(URL(string: "http://images.test:\(server.port)/a.png"))
        await #expect(throws: refused(url, because: "images.test resolves to 127.0.0.1, which is this machine")) {
            try await send(url, namedByData: true, transport: transport)
        }
        #expect(server.requests.isEmpty, "refused before connecting")
        // The same name configured by the user (its own origin trusted) connects.
        #expect(try await send(url, transport: transport).body == Data("should not be read".utf8))
    }

    @Test func aRedirectsBodyIsNeverRead() async throws {
        server.respond { request in
            request.path == "/huge" ? HostileReply.redirect(to: "/ok", body: .padded([], to: 1 << 30)) : .text("ok")
        }
        #expect(try await send(server.url("huge")).body == Data("ok".utf8))
        let sent = await server.waitForReplies(2)
        #expect(sent.count == 2 && sent.allSatisfy { $0 < 64 << 20 }, "the 1 GiB redirect body was not read: \(sent)")
    }

    @Test func redirectLoopsAndUnreadableLocationsFail() async throws {
        server.respond(with: HostileReply.redirect(to: "/loop"))
        await #expect(throws: HTTPError.failed(server.url("loop"), reason: "it redirected more than 10 times")) {
            try await send(server.url("loop"))
        }
        #expect(server.requests.count == 11)
        for location in ["ftp://example.org/x", "javascript:alert(1)", "http://[::1"] {
            server.respond(with: HostileReply.redirect(to: location))
            await #expect(throws: HTTPError.self, "\(location)") { try await send(server.url("x")) }
        }
        server.respond(with: HostileReply.redirect(to: "file:///etc/passwd"))
        await #expect(
            throws: HTTPError.failed(
                server.url("x"), reason: "it redirected to \"file:///etc/passwd\", which is not an http or https address")
        ) { try await send(server.url("x")) }
    }

    @Test func aPostRedirectedWith303BecomesAGet() async throws {
        server.respond { request in request.path == "/form" ? HostileReply.redirect(to: "/done", status: 303) : .text(request.method) }
        let request = HTTPRequest(
            method: "POST", url: server.url("form"), headers: ["Content-Type": "application/json"], body: Data("{}".utf8), timeout: 60)
        #expect(try await LiveHTTPTransport().send(request).body == Data("GET".utf8))
        #expect(server.requests.last?.body.isEmpty == true)
    }
}
