import Testing

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// RFC 9112's own cases for the request target and `Host` (issue 34.16; conformance audit 2026-12-01 §5.2, §5.3).
struct HTTPRequestTargetAndHostTests {
    private func parsed(_ text: String) throws -> HTTPServerRequest {
        try #require(request(parseWhole(Array(text.utf8))), "\(text.debugDescription)")
    }

    /// §3.2.2: "a server MUST accept the absolute-form in requests", and uses its authority instead of `Host`.
    @Test func theAbsoluteFormIsAcceptedAndItsAuthorityStandsForHost() throws {
        let cases: [(request: String, host: String, path: String, query: String?)] = [
            // RFC 9112 §3.2.2's example.
            (
                "GET http://www.example.org/pub/WWW/TheProject.html HTTP/1.1\r\nHost: www.example.org\r\n\r\n", "www.example.org",
                "/pub/WWW/TheProject.html", nil
            ),
            // llhttp's uri.md:52, 75 and 125, with a Host (the audit's variants).
            ("GET http://hypnotoad.org?hail=all HTTP/1.1\r\nHost: example.com\r\n\r\n", "hypnotoad.org", "/", "hail=all"),
            ("GET http://hypnotoad.org:1234?hail=all HTTP/1.1\r\nHost: example.com\r\n\r\n", "hypnotoad.org:1234", "/", "hail=all"),
            ("GET http://hypnotoad.org:1234 HTTP/1.1\r\nHost: example.com\r\n\r\n", "hypnotoad.org:1234", "/", nil),
            // The audit's RFC probe, and the scheme in capitals (case-insensitive, RFC 3986 §3.1).
            ("GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n", "a", "/", nil),
            ("GET HTTP://a/b%20c?x=1 HTTP/1.1\r\nHost: a\r\n\r\n", "a", "/b c", "x=1"),
            // HTTP/1.0 needs no Host; the authority gives it one.
            ("GET http://[::1]:8080/x HTTP/1.0\r\n\r\n", "[::1]:8080", "/x", nil),
        ]
        for (text, host, path, query) in cases {
            let request = try parsed(text)
            #expect(request.headers.values(for: "Host") == [host], "\(text.debugDescription)")
            #expect(request.path == path, "\(text.debugDescription)")
            #expect(request.rawQuery == query, "\(text.debugDescription)")
            #expect(request.rawTarget.hasPrefix("/"), "kept as its origin-form")
        }
    }

    /// §3.2: "A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that ...
    /// contains more than one Host header field line or a Host header field with an invalid field value."
    @Test(arguments: [
        "exa mple.com", "user@example.com", "example.com:8080/path", "example.com:8080, other.example.com", "example.com:80x",
        "example.com::80", "[::1", "[]:80", "[::1]x", "a%zz", "a%2", "h\tx", "<h>",
    ])
    func anInvalidHostIs400(_ host: String) {
        #expect(parseWhole(Array("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8)) == .error(.invalidHost), "\(host)")
        #expect(HTTPRequestError.invalidHost.status.code == 400)
    }

    /// Well-formed values that name another host are parsed: the access check answers them 421.
    @Test(arguments: [
        "", "a", "example.com:", "example.com:0080", "fh-0123456789abcdef.localhost.", "[::1]:8123", "[::ffff:127.0.0.1]", "127.0.0.1:1",
        "a%41b", "x!$&'()*+,;=y", "FH-ABC.LOCALHOST:8123",
    ])
    func aWellFormedHostIsParsed(_ host: String) {
        #expect(request(parseWhole(Array("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n".utf8))) != nil, "\(host)")
    }

    /// The absolute-form's authority follows the same grammar; userinfo is an error (RFC 9110 §4.2.4).
    @Test func anInvalidAuthorityIs400() {
        for target in ["http://a%12:b!&*$@hypnotoad.org:1234/toto", "http://exa mple/", "http://:80/", "http://a:b:c/", "ftp://a/"] {
            let result = parseWhole(Array("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
            guard case .error(let error) = result else {
                Issue.record("\(target) was accepted")
                continue
            }
            #expect(error.status.code == 400, "\(target)")
        }
    }
}
