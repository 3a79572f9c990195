import FeatureHostCore
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

@MainActor
struct WebAppAccessTests {
    private func answer(_ request: HTTPServerRequest?, app: WebApp) throws -> HTTPServerResponse {
        let sink = RecordingSink()
        app.handle(try #require(request), sink)
        return try #require(sink.last)
    }

    @Test func aForeignHostIsRefusedWhateverTheToken() throws {
        let log = LogLines()
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow(), log: log)
        let response = try answer(makeRequest("GET", "/?token=\(testToken)", host: "evil.example:8123"), app: app)
        #expect(response.status.code == 421)
        // The run's name stays private: told to no one who does not already use it.
        #expect(!response.text.contains(testHostName))
        #expect(log.lines == ["421 GET /: \(AccessGuard(token: testToken, hostName: testHostName, port: testPort).hostHelp)"])
        #expect(try answer(makeRequest("GET", "/", host: "\(testHostName):9999"), app: app).status.code == 421)
        #expect(try answer(makeRequest("GET", "/", host: testHost.uppercased()), app: app).status.code == 200)
    }

    /// Cookies are scoped by host, not by port: under `127.0.0.1` or `localhost` the token's cookie would go to
    /// every other server the user opens there. Only the run's own name is answered, token or not.
    @Test func onlyTheRunsOwnHostNameIsAnswered() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        for host in ["127.0.0.1:8123", "localhost:8123", "[::1]:8123", "fh-other.localhost:8123", "\(testHostName)", "x.\(testHost)"] {
            #expect(try answer(makeRequest("GET", "/?token=\(testToken)", host: host), app: app).status.code == 421, "\(host)")
            #expect(try answer(makeRequest("GET", "/", host: host), app: app).status.code == 421, "\(host)")
        }
        #expect(try answer(makeRequest("GET", "/"), app: app).status.code == 200)
    }

    @Test func eachRunHasAHostNameOfItsOwnUnderLocalhost() {
        let names = (0..<100).map { _ in AccessGuard.makeHostName() }
        #expect(Set(names).count == 100)
        for name in names {
            #expect(name.hasPrefix("fh-") && name.hasSuffix(".localhost"))
            #expect(name.count == "fh-".count + 16 + ".localhost".count)
            #expect(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." })
        }
        let access = AccessGuard(token: testToken, hostName: "FH-ABC.localhost", port: 8123)
        #expect(access.startAddress == "http://fh-abc.localhost:8123/?token=\(testToken)")
        #expect(access.origin == "http://fh-abc.localhost:8123")
    }

    @Test func aCookieSetBesideOursDoesNotLockTheUserOut() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        let cookies = "featurehost-token=planted; featurehost-token=\(testToken)"
        #expect(try answer(makeRequest("GET", "/", cookie: cookies), app: app).status.code == 200)
        #expect(try answer(makeRequest("GET", "/", cookie: "featurehost-token=planted"), app: app).status.code == 403)
    }

    @Test func withoutTheTokenEveryPathIsForbidden() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        for target in ["/", "/f/counter", "/assets/featurehost.js", "/s/x/events", "/nowhere"] {
            let response = try answer(makeRequest("GET", target, cookie: nil), app: app)
            #expect(response.status.code == 403, "\(target)")
            #expect(response.text.contains("featurehost serve"))
        }
        #expect(try answer(makeRequest("GET", "/", cookie: "featurehost-token=wrong"), app: app).status.code == 403)
        #expect(try answer(makeRequest("GET", "/?token=\(String(testToken.dropLast()))0", cookie: nil), app: app).status.code == 403)
    }

    @Test func theTokenInTheURLBecomesAStrictHttpOnlyCookieAndLeavesTheAddressBar() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        let response = try answer(makeRequest("GET", "/f/counter?token=\(testToken)", cookie: nil), app: app)
        #expect(response.status.code == 303)
        #expect(response.header("Location") == "/f/counter")
        // Host-only: no Domain attribute, so the browser keeps it for the run's own host name alone.
        #expect(response.header("Set-Cookie") == "featurehost-token-\(testCookieTag)=\(testToken); Path=/; HttpOnly; SameSite=Strict")
        #expect(response.header("Set-Cookie")?.lowercased().contains("domain") == false)
    }

    /// A token link whose path starts with `//` (or `/\`, read as `//` by browsers) would redirect to another host
    /// (audit T-O11: `GET //evil.example/?token=…` answered `Location: //evil.example/`).
    @Test func theTokenLinkRedirectsToAPathOfThisOriginOnly() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        let origin = try #require(URL(string: "http://\(testHost)/"))
        let cases = [
            ("//evil.example/", "/evil.example/"), ("///evil.example", "/evil.example"), ("/\\evil.example/x", "/evil.example/x"),
            ("/\\/evil.example", "/evil.example"), ("//", "/"), ("/f//counter", "/f//counter"),
        ]
        for (path, expected) in cases {
            let response = try answer(makeRequest("GET", "\(path)?token=\(testToken)", cookie: nil), app: app)
            #expect(response.status.code == 303, "\(path)")
            let location = try #require(response.header("Location"), "\(path)")
            #expect(location == expected, "\(path)")
            #expect(URL(string: location, relativeTo: origin)?.absoluteURL.host == testHostName, "\(path)")
        }
    }

    @Test func postsMustComeFromOurOwnOrigin() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        let body = #"{"kind":"click","action":"add"}"#
        let headers = [("Content-Type", "application/json")]
        for origin in [nil, "http://evil.example", "http://127.0.0.1:8124", "http://127.0.0.1:8123", "http://localhost:8123", "null"] {
            let request = makeRequest("POST", "/s/x/event", origin: origin, headers: headers, body: body)
            #expect(try answer(request, app: app).status.code == 403, "\(origin ?? "no origin")")
        }
    }

    @Test func everyAnswerCarriesTheStrictPolicy() throws {
        let app = makeApp(launcher: FakeLauncher(), now: ManualNow())
        for request in [makeRequest("GET", "/"), makeRequest("GET", "/", cookie: nil), makeRequest("GET", "/nowhere")] {
            let response = try answer(request, app: app)
            let policy = try #require(response.header("Content-Security-Policy"))
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("default-src 'none'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(response.header("X-Content-Type-Options") == "nosniff")
        }
    }

    @Test func cookiesAreReadAmongOthers() {
        #expect(AccessGuard.cookie(named: "featurehost-token", in: ["a=1; featurehost-token=abc ; b=2"]) == "abc")
        #expect(AccessGuard.cookie(named: "featurehost-token", in: ["a=1", "featurehost-token=xyz"]) == "xyz")
        #expect(AccessGuard.cookie(named: "featurehost-token", in: ["featurehost-tokenx=1"]) == nil)
    }

    @Test func acceptLanguagePicksTheHighestWeight() {
        #expect(AcceptLanguage.preferredIdentifier("de-DE,de;q=0.9,en;q=0.8") == "de_DE")
        #expect(AcceptLanguage.preferredIdentifier("en;q=0.5, fr;q=0.8") == "fr")
        #expect(AcceptLanguage.preferredIdentifier("*, en;q=0.1") == "en")
        #expect(AcceptLanguage.preferredIdentifier("de;q=0, nb-NO;q=0.3") == "nb_NO")
        #expect(AcceptLanguage.preferredIdentifier("x;q=1, <script>") == nil)
        #expect(AcceptLanguage.preferredIdentifier("en;q=abc") == nil)
        #expect(AcceptLanguage.preferredIdentifier(nil) == nil)
        #expect(AcceptLanguage.preferredIdentifier(String(repeating: "en,", count: 10_000)) == "en")
    }

    @Test func theBrowserClockComesFromItsIntlNames() {
        #expect(BrowserPreferences.hourCycle(fromIntl: "h12") == .twelveHour)
        #expect(BrowserPreferences.hourCycle(fromIntl: "h11") == .twelveHour)
        #expect(BrowserPreferences.hourCycle(fromIntl: "h23") == .twentyFourHour)
        #expect(BrowserPreferences.hourCycle(fromIntl: "h25") == nil)
        #expect(BrowserPreferences.timeZone(named: "Europe/Berlin")?.identifier == "Europe/Berlin")
        #expect(BrowserPreferences.timeZone(named: "../../etc/passwd") == nil)
        #expect(BrowserPreferences.timeZone(named: "Nowhere/Land") == nil)
    }

    @Test func aHostilePathIsLoggedOnOneBoundedLine() {
        let logged = WebApp.loggable("/a\u{1B}[2J\nforged" + String(repeating: "x", count: 500))
        #expect(!logged.contains("\n"))
        #expect(!logged.contains("\u{1B}"))
        #expect(logged.count == 201)
    }
}
