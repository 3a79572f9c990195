import Testing
import WebUI

struct MalformedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let raw: [UInt8]
    let error: HTTPRequestError
    let status: Int

    init(_ name: String, _ raw: [UInt8], _ error: HTTPRequestError, _ status: Int) {
        self.name = name
        self.raw = raw
        self.error = error
        self.status = status
    }

    init(_ name: String, _ raw: String, _ error: HTTPRequestError, _ status: Int) {
        self.init(name, bytes(raw), error, status)
    }

    var testDescription: String { name }
}

/// Each malformed request, the error it gets and that error's status.
@Suite struct HTTPMalformedRequestTests {
    static let host = "Host: h\r\n"

    static let cases: [MalformedCase] = [
        // Line endings
        .init("bare LF everywhere", "GET / HTTP/1.1\nHost: h\n\n", .bareLineFeed, 400),
        .init("bare LF after a header", "GET / HTTP/1.1\r\nHost: h\n\r\n", .bareLineFeed, 400),
        .init("bare LF as the blank line", "GET / HTTP/1.1\r\nHost: h\r\n\n", .bareLineFeed, 400),
        .init("bare LF before the request", "\nGET / HTTP/1.1\r\n\r\n", .bareLineFeed, 400),
        // Request line
        .init("two spaces", "GET  / HTTP/1.1\r\n\r\n", .malformedRequestLine, 400),
        .init("trailing space", "GET / HTTP/1.1 \r\n\r\n", .malformedRequestLine, 400),
        .init("no version", "GET /\r\n\r\n", .malformedRequestLine, 400),
        .init("tab separator", "GET\t/ HTTP/1.1\r\n\r\n", .malformedRequestLine, 400),
        .init("method not a token", "G@T / HTTP/1.1\r\n\r\n", .malformedRequestLine, 400),
        .init("absolute form with userinfo", "GET http://u@h/ HTTP/1.1\r\nHost: h\r\n\r\n", .malformedRequestLine, 400),
        .init("absolute form of https", "GET https://h/ HTTP/1.1\r\nHost: h\r\n\r\n", .malformedRequestLine, 400),
        .init("absolute form without a host", "GET http:///x HTTP/1.1\r\nHost: h\r\n\r\n", .malformedRequestLine, 400),
        .init("a scheme alone", "GET http: HTTP/1.1\r\nHost: h\r\n\r\n", .malformedRequestLine, 400),
        .init("asterisk form", "GET * HTTP/1.1\r\n\r\n", .malformedRequestLine, 400),
        .init("DEL in target", "GET /a\u{7F} HTTP/1.1\r\n\r\n", .malformedRequestLine, 400),
        .init("raw non-ASCII in target", bytes("GET /") + [0xC3, 0xA9] + bytes(" HTTP/1.1\r\n\r\n"), .malformedRequestLine, 400),
        .init("raw invalid UTF-8 in target", bytes("GET /") + [0xFF] + bytes(" HTTP/1.1\r\n\r\n"), .malformedRequestLine, 400),
        .init("lowercase version", "GET / http/1.1\r\n\r\n", .malformedRequestLine, 400),
        .init("three-digit version", "GET / HTTP/1.10\r\n\r\n", .malformedRequestLine, 400),
        // Methods
        .init("PUT", "PUT / HTTP/1.1\r\n\r\n", .methodNotAllowed("PUT"), 405),
        .init("DELETE", "DELETE / HTTP/1.1\r\n\r\n", .methodNotAllowed("DELETE"), 405),
        .init("lowercase get", "get / HTTP/1.1\r\n\r\n", .methodNotAllowed("get"), 405),
        .init("CONNECT", "CONNECT h:443 HTTP/1.1\r\n\r\n", .methodNotAllowed("CONNECT"), 405),
        // Versions
        .init("HTTP/2.0", "GET / HTTP/2.0\r\n\r\n", .unsupportedVersion, 505),
        .init("HTTP/1.2", "GET / HTTP/1.2\r\n\r\n", .unsupportedVersion, 505),
        .init("HTTP/0.9", "GET / HTTP/0.9\r\n\r\n", .unsupportedVersion, 505),
        // Target escapes and UTF-8
        .init("bad escape", "GET /a%zz HTTP/1.1\r\n\r\n", .malformedTarget, 400),
        .init("short escape", "GET /a%2 HTTP/1.1\r\n\r\n", .malformedTarget, 400),
        .init("escaped invalid UTF-8", "GET /a%FF HTTP/1.1\r\n\r\n", .malformedTarget, 400),
        .init("escaped overlong UTF-8", "GET /%C0%AF HTTP/1.1\r\n\r\n", .malformedTarget, 400),
        .init("escaped NUL", "GET /a%00 HTTP/1.1\r\n\r\n", .malformedTarget, 400),
        .init("bad escape in query", "GET /?q=%G1 HTTP/1.1\r\n\r\n", .malformedTarget, 400),
        .init("invalid UTF-8 in query", "GET /?q=%ff HTTP/1.1\r\n\r\n", .malformedTarget, 400),
        // Header fields
        .init("space before colon", "GET / HTTP/1.1\r\nHost : h\r\n\r\n", .malformedHeader, 400),
        .init("space in name", "GET / HTTP/1.1\r\nHo st: h\r\n\r\n", .malformedHeader, 400),
        .init("no colon", "GET / HTTP/1.1\r\nHost\r\n\r\n", .malformedHeader, 400),
        .init("empty name", "GET / HTTP/1.1\r\n: h\r\n\r\n", .malformedHeader, 400),
        .init("name with slash", "GET / HTTP/1.1\r\nX/Y: h\r\n\r\n", .malformedHeader, 400),
        .init("NUL in value", "GET / HTTP/1.1\r\nHost: h\0x\r\n\r\n", .malformedHeader, 400),
        .init("bare CR in value", "GET / HTTP/1.1\r\nHost: h\rx\r\n\r\n", .malformedHeader, 400),
        .init("DEL in value", "GET / HTTP/1.1\r\nHost: h\u{7F}\r\n\r\n", .malformedHeader, 400),
        .init("invalid UTF-8 in value", bytes("GET / HTTP/1.1\r\nHost: h") + [0xFF, 0xFE] + bytes("\r\n\r\n"), .malformedHeader, 400),
        .init("truncated UTF-8 in value", bytes("GET / HTTP/1.1\r\nX: a") + [0xE2, 0x82] + bytes("\r\n\r\n"), .malformedHeader, 400),
        .init("invalid UTF-8 in name", bytes("GET / HTTP/1.1\r\nX") + [0xFF] + bytes(": a\r\n\r\n"), .malformedHeader, 400),
        .init("obs-fold with space", "GET / HTTP/1.1\r\nHost: h\r\n more\r\n\r\n", .obsoleteLineFolding, 400),
        .init("obs-fold with tab", "GET / HTTP/1.1\r\nHost: h\r\n\tmore\r\n\r\n", .obsoleteLineFolding, 400),
        // Host
        .init("1.1 without Host", "GET / HTTP/1.1\r\n\r\n", .missingOrRepeatedHost, 400),
        .init("1.1 with two Hosts", "GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n", .missingOrRepeatedHost, 400),
        .init("1.0 with two Hosts", "GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n", .missingOrRepeatedHost, 400),
        // Framing
        .init("chunked", "POST / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n", .transferEncodingNotSupported, 411),
        .init(
            "chunked and length", "POST / HTTP/1.1\r\n\(host)Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc",
            .transferEncodingNotSupported, 411),
        .init("gzip coding", "POST / HTTP/1.1\r\n\(host)transfer-encoding: gzip\r\n\r\n", .transferEncodingNotSupported, 411),
        .init("negative length", "POST / HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", .invalidContentLength, 400),
        .init("plus sign", "POST / HTTP/1.1\r\n\(host)Content-Length: +1\r\n\r\n", .invalidContentLength, 400),
        .init("non-numeric length", "POST / HTTP/1.1\r\n\(host)Content-Length: abc\r\n\r\n", .invalidContentLength, 400),
        .init("hex length", "POST / HTTP/1.1\r\n\(host)Content-Length: 0x10\r\n\r\n", .invalidContentLength, 400),
        .init("empty length", "POST / HTTP/1.1\r\n\(host)Content-Length:\r\n\r\n", .invalidContentLength, 400),
        .init("list length", "POST / HTTP/1.1\r\n\(host)Content-Length: 1, 1\r\n\r\nx", .invalidContentLength, 400),
        .init(
            "repeated length", "POST / HTTP/1.1\r\n\(host)Content-Length: 1\r\nContent-Length: 1\r\n\r\nx",
            .invalidContentLength, 400),
        .init(
            "conflicting lengths", "POST / HTTP/1.1\r\n\(host)Content-Length: 1\r\ncontent-length: 2\r\n\r\nxy",
            .invalidContentLength, 400),
        .init("length over the limit", "POST / HTTP/1.1\r\n\(host)Content-Length: 65537\r\n\r\n", .bodyTooLarge, 413),
    ]

    @Test(arguments: cases)
    func refused(_ malformed: MalformedCase) {
        #expect(parseWhole(malformed.raw) == .error(malformed.error))
        #expect(malformed.error.status.code == malformed.status)
        #expect(malformed.status >= 400 && malformed.status < 600)
    }

    /// The parser reports an error as soon as the bytes show it, without waiting for the rest of the head.
    @Test func aBadMethodIsRefusedOnTheRequestLine() {
        var parser = HTTPRequestParser()
        #expect(parser.feed(bytes("PATCH / HTTP/1.1\r\n")) == .error(.methodNotAllowed("PATCH")))
    }

    @Test func theRefusalResponseForA405CarriesAllow() {
        let response = HTTPServerResponse(error: .methodNotAllowed("PUT"))
        #expect(response.status.code == 405)
        #expect(response.headers["Allow"] == "GET, HEAD, POST")
        #expect(!response.keepAlive)
    }

    /// Every 4xx refusal, and the one 505, have their standard reason phrase.
    @Test(arguments: [
        (HTTPRequestError.malformedHeader, "400 Bad Request"), (.methodNotAllowed("X"), "405 Method Not Allowed"),
        (.transferEncodingNotSupported, "411 Length Required"), (.bodyTooLarge, "413 Content Too Large"),
        (.requestLineTooLong, "414 URI Too Long"), (.headersTooLarge, "431 Request Header Fields Too Large"),
        (.unsupportedVersion, "505 HTTP Version Not Supported"),
    ])
    func statusLines(error: HTTPRequestError, line: String) {
        #expect(error.status.description == line)
        #expect(!error.detail.isEmpty)
    }
}
