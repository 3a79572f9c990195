import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// The static files the server's I/O thread answers itself (`ImmediateFiles`): byte for byte what the app's own
/// route answers, and only when the app would answer 200; every other request is left to the app.
@MainActor
struct StaticFilesTests {
    private func viaApp(_ request: HTTPServerRequest, _ app: WebApp) throws -> HTTPServerResponse {
        let sink = RecordingSink()
        app.handle(request, sink)
        return try #require(sink.last)
    }

    /// What the server loop writes for an answer the app sent (`EventLoop.respond`).
    private func wire(_ response: HTTPServerResponse, for request: HTTPServerRequest) -> [UInt8] {
        var response = response
        response.keepAlive = response.keepAlive && request.keepAlive
        return response.serialized(forHead: request.method == .head)
    }

    private func parse(_ text: String) throws -> HTTPServerRequest {
        var parser = HTTPRequestParser()
        guard case .request(let request) = parser.feed(Array(text.utf8)) else { throw ClientError(description: "not a request: \(text)") }
        return request
    }

    @Test func eachFileIsTheAppsOwnAnswerByteForByte() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        let cookie = "featurehost-token=\(testToken)"
        var requests: [HTTPServerRequest] = []
        for path in ["/assets/featurehost.js", "/assets/featurehost.css", "/assets/counter/counter.css", "/assets/featurehost%2Ejs"] {
            requests.append(try #require(makeRequest("GET", path)))
            requests.append(try #require(makeRequest("HEAD", path)))
            requests.append(try #require(makeRequest("GET", path, headers: [("Connection", "close")])))
            requests.append(try parse("GET \(path) HTTP/1.0\r\nCookie: \(cookie)\r\nHost: \(testHost)\r\n\r\n"))
            requests.append(try parse("GET \(path) HTTP/1.0\r\nConnection: keep-alive\r\nCookie: \(cookie)\r\nHost: \(testHost)\r\n\r\n"))
            requests.append(try #require(makeRequest("GET", path, host: testHost.uppercased())))
            requests.append(try #require(makeRequest("GET", path, cookie: "featurehost-token=planted; \(cookie)")))
        }
        for request in requests {
            let prepared = try #require(app.immediateFiles.answer(request), "\(request.method) \(request.rawTarget)")
            let slow = try viaApp(request, app)
            #expect(slow.status == .ok)
            #expect(prepared.bytes(for: request) == wire(slow, for: request), "\(request.method) \(request.rawTarget) \(request.headers)")
        }
        let get = try #require(makeRequest("GET", "/assets/featurehost.js"))
        let script = try #require(app.immediateFiles.answer(get))
        let text = String(decoding: script.bytes(for: get), as: UTF8.self)
        for header in [
            "Content-Type: text/javascript; charset=utf-8", "Cache-Control: no-cache", "X-Content-Type-Options: nosniff",
            "Content-Security-Policy: \(WebApp.contentSecurityPolicy)", "Connection: keep-alive",
        ] {
            #expect(text.contains("\r\n\(header)\r\n"), "\(header)")
        }
    }

    /// No token, a foreign host, the token in the URL, a POST, an unknown or failed file: the app answers, as before.
    @Test func everythingElseIsLeftToTheApp() throws {
        let log = LogLines()
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow(), log: log)
        let cases: [(HTTPServerRequest?, Int)] = [
            (makeRequest("GET", "/assets/featurehost.js", cookie: nil), 403),
            (makeRequest("GET", "/assets/featurehost.js", cookie: "featurehost-token=planted"), 403),
            (makeRequest("GET", "/assets/featurehost.js", host: "127.0.0.1:\(testPort)"), 421),
            (makeRequest("GET", "/assets/featurehost.js", host: "evil.example"), 421),
            (makeRequest("GET", "/assets/featurehost.js?token=\(testToken)", cookie: nil), 303),
            (makeRequest("POST", "/assets/featurehost.js", origin: "http://\(testHost)"), 405),
            (makeRequest("POST", "/assets/featurehost.js"), 403),
            (makeRequest("GET", "/assets/nowhere.js"), 404),
            (makeRequest("GET", "/assets/counter/../../etc/passwd"), 404),
            (makeRequest("GET", "/assets/counter/counter.css/"), 404),
            (makeRequest("GET", "/assets/other/counter.css"), 404),
            (makeRequest("GET", "/assets/"), 404),
            (makeRequest("GET", "/"), 200),
            (makeRequest("GET", "/f/counter"), 200),
        ]
        for (request, status) in cases {
            let request = try #require(request)
            #expect(app.immediateFiles.answer(request) == nil, "\(request.method) \(request.rawTarget)")
            #expect(try viaApp(request, app).status.code == status, "\(request.method) \(request.rawTarget)")
        }
        #expect(log.lines.contains("404 GET /assets/nowhere.js"))
    }

    @Test func aFileThatCouldNotBeReadIsTheAppsFiveHundredAndNamesIt() throws {
        let missing = WebAsset(resource: "missing.css", in: Bundle.main)
        let files = StaticFiles(features: [
            "broken": WebAssets([missing]),
            "odd": WebAssets([
                WebAsset(name: "a/b.css", contentType: "text/css", text: "x"), WebAsset(name: "", contentType: "text/css", text: "y"),
            ]),
            "twice": WebAssets([
                WebAsset(name: "t.css", contentType: "text/css", text: "first"),
                WebAsset(name: "t.css", contentType: "text/css", text: "second"),
            ]),
        ])
        let immediate = ImmediateFiles(
            access: AccessGuard(token: testToken, hostName: testHostName, port: testPort, cookieTag: testCookieTag), files: files)
        guard case .failed(let reason)? = files.entry(forPath: "/assets/broken/missing.css") else {
            Issue.record("a missing resource is kept as a failure")
            return
        }
        #expect(reason.contains("missing.css"))
        let broken = try #require(makeRequest("GET", "/assets/broken/missing.css"))
        #expect(immediate.answer(broken) == nil)
        // The route splits the path at each `/`: such names were never reachable, and still are not.
        #expect(files.entry(forPath: "/assets/odd/a/b.css") == nil)
        #expect(files.entry(forPath: "/assets/odd/") == nil)
        // The first file of a name wins, as `WebAssets.file(named:)` has it.
        let first = try #require(makeRequest("GET", "/assets/twice/t.css"))
        let twice = try #require(immediate.answer(first))
        #expect(twice.response.body == Array("first".utf8))
    }
}
