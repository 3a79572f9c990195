import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// The run's host name stays private (issue 35.2; audit failure 1: any 421 named it, so a local program that
/// connected with any Host learned where to send the browser for the cookie). Every refusal, sent to a real server
/// wired to the app as `serve` wires it, is read whole (status line, headers, body) for the name and the token.
@MainActor
@Suite(.serialized) struct WebAppRefusalPrivacyTests {
    /// The name's random part is the token's first half here, so this one needle finds either.
    private static let secrets = [testHostName, "0123456789abcdef", testToken, testCookieTag]

    private static func exchange(_ port: UInt16, _ text: String) async throws -> [UInt8] {
        try await Task.detached {
            let client = try RawHTTPClient(port: port)
            defer { client.close() }
            try client.send(text)
            return try client.readToEnd()
        }.value
    }

    private static func statusCode(_ bytes: [UInt8]) -> Int? {
        let line = String(decoding: bytes.prefix(16), as: UTF8.self).split(separator: " ")
        return line.count > 1 ? Int(line[1]) : nil
    }

    @Test func noRefusalTellsTheNameOrTheToken() async throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        let server = try HTTPServer.start(HTTPServer.Configuration()) { request, responder in
            Task { @MainActor in app.handle(request, responder) }
        }
        defer { server.stop() }
        let port = server.port
        let ip = "127.0.0.1:\(port)"
        let cookie = "Cookie: featurehost-token=\(testToken)\r\n"
        let page = "Accept: text/html\r\nConnection: close\r\n"
        let pad = "X-Pad: " + String(repeating: "p", count: 17_000) + "\r\n"
        let cases: [(String, Int)] = [
            ("GET  / HTTP/1.1\r\nHost: \(ip)\r\n\r\n", 400),
            ("GET /?token=\(testToken) HTTP/1.1\r\nHost: exa mple\r\n\(cookie)\r\n", 400),
            ("GET /?token=\(testToken) HTTP/1.1\r\nHost: user@\(testHost)\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: x\r\n\r\n", 421),  // the audit's probe
            ("GET / HTTP/1.1\r\nHost: x\r\n\(page)\r\n", 421),
            ("GET /?token=\(testToken) HTTP/1.1\r\nHost: \(ip)\r\n\(cookie)\(page)\r\n", 421),
            ("GET /?token=\(testToken) HTTP/1.1\r\nHost: localhost:\(port)\r\n\(cookie)Connection: close\r\n\r\n", 421),
            ("GET / HTTP/1.1\r\nHost: \(testHostName):9999\r\n\(cookie)\(page)\r\n", 421),
            ("GET http://x/?token=\(testToken) HTTP/1.1\r\nHost: \(testHost)\r\n\(cookie)\(page)\r\n", 421),
            (
                "POST /s/a/event HTTP/1.1\r\nHost: \(ip)\r\nOrigin: http://\(testHost)\r\n\(cookie)Content-Length: 0\r\nConnection: close\r\n\r\n",
                421
            ),
            ("GET / HTTP/1.1\r\nHost: x\r\n\(pad)\r\n", 431),
            ("GET /\(String(repeating: "a", count: 17_000)) HTTP/1.1\r\nHost: x\r\n\r\n", 414),
            ("DELETE / HTTP/1.1\r\nHost: x\r\n\r\n", 405),
            ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 411),
            ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\n", 413),
            ("GET / HTTP/1.1\r\nHost: \(testHost)\r\n\(page)\r\n", 403),
            ("GET /f/counter HTTP/1.1\r\nHost: \(testHost)\r\nCookie: featurehost-token=planted\r\nConnection: close\r\n\r\n", 403),
            ("GET /?token=wrong HTTP/1.1\r\nHost: \(testHost)\r\n\(page)\r\n", 403),
            (
                "POST /s/a/event HTTP/1.1\r\nHost: \(testHost)\r\nOrigin: http://evil.example\r\n\(cookie)Content-Length: 0\r\nConnection: close\r\n\r\n",
                403
            ),
            ("GET /nowhere HTTP/1.1\r\nHost: \(testHost)\r\n\(cookie)\(page)\r\n", 404),
        ]
        for (request, expected) in cases {
            let bytes = try await Self.exchange(port, request)
            let label = String(request.prefix(90)).debugDescription
            #expect(Self.statusCode(bytes) == expected, "\(label)")
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            for secret in Self.secrets { #expect(!text.contains(secret.lowercased()), "\(label) tells \(secret)") }
        }
    }

    /// The server's own 503, past the connection cap, tells nothing either.
    @Test func theConnectionCapsRefusalTellsNothing() async throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        var configuration = HTTPServer.Configuration(maxConnections: 1)
        configuration.evictableAfter = .seconds(600)
        let server = try HTTPServer.start(configuration) { request, responder in
            Task { @MainActor in app.handle(request, responder) }
        }
        defer { server.stop() }
        let port = server.port
        let bytes = try await Task.detached {
            let holder = try RawHTTPClient(port: port)  // silent, so not evictable within the 600 s
            defer { holder.close() }
            let newcomer = try RawHTTPClient(port: port)
            defer { newcomer.close() }
            try? newcomer.send("GET /?token=\(testToken) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            return try newcomer.readToEnd()
        }.value
        #expect(Self.statusCode(bytes) == 503)
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        for secret in Self.secrets { #expect(!text.contains(secret.lowercased()), "503 tells \(secret)") }
    }

    /// The app's own 503 (every session has a live page) tells nothing either.
    @Test func tooManyPagesTellsNothing() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        for number in 1...3 {
            let sink = RecordingSink()
            app.handle(try #require(makeRequest("GET", "/f/counter")), sink)
            app.handle(try #require(makeRequest("GET", "/s/session\(number)/events?v=0")), sink)
        }
        let sink = RecordingSink()
        app.handle(try #require(makeRequest("GET", "/f/counter")), sink)
        let response = try #require(sink.last)
        #expect(response.status.code == 503)
        let text = String(decoding: response.serialized(), as: UTF8.self).lowercased()
        for secret in Self.secrets { #expect(!text.contains(secret.lowercased()), "503 tells \(secret)") }
    }
}
