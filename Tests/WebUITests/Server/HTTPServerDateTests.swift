import FeatureHostCore
import FeatureHostTesting
import Foundation
import Testing
import WebUITesting

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// Every response carries `Date` (RFC 9110 §6.6.1), from the server's injected wall clock, in IMF-fixdate.
@Suite(.serialized) struct HTTPServerDateTests {
    /// RFC 9110 §5.6.7's own example.
    private static let example = Date(timeIntervalSince1970: 784_111_777)
    private static let exampleText = "Sun, 06 Nov 1994 08:49:37 GMT"

    private func fixture(_ configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws -> ServerFixture {
        try ServerFixture {
            $0.wallClock = { Self.example }
            configure(&$0)
        }
    }

    @Test func everyKindOfAnswerCarriesTheDate() throws {
        let fixture = try fixture()
        let prepared = PreparedResponse(HTTPServerResponse(status: .ok, body: Array("s".utf8), keepAlive: true))
        fixture.server.answerImmediately { $0.path == "/static" ? prepared : nil }
        let client = try fixture.client()
        for path in ["/hello", "/nowhere", "/static", "/hello"] {
            try client.send(get(path))
            let response = try client.readResponse()
            #expect(response.header("Date") == Self.exampleText, "\(path)")
            #expect(response.headers.filter { $0.0.lowercased() == "date" }.count == 1, "\(path)")
        }
        try client.send("HEAD /static HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try client.readResponse(head: true).header("Date") == Self.exampleText)

        let stream = try fixture.client()
        try stream.send(get("/stream"))
        #expect(try stream.readResponse(head: true).header("Date") == Self.exampleText)

        let refused = try fixture.client()
        try refused.send("GET  / HTTP/1.1\r\nHost: a\r\n\r\n")
        let error = try refused.readResponse()
        #expect(error.status == 400)
        #expect(error.header("Date") == Self.exampleText)
    }

    @Test func theConnectionCapsRefusalCarriesTheDate() throws {
        let fixture = try fixture {
            $0.maxConnections = 1
            $0.evictableAfter = .seconds(600)
        }
        let stream = try fixture.client()
        try stream.send(get("/stream"))
        #expect(try stream.readResponse(head: true).status == 200)
        let newcomer = try fixture.client()
        let refused = try newcomer.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Date") == Self.exampleText)
    }

    /// A handler's own `Date` is not sent beside the server's.
    @Test func theWriterOwnsTheDate() {
        let response = HTTPServerResponse(status: .ok, headers: [("Date", "yesterday")])
        #expect(!String(decoding: response.serialized(), as: UTF8.self).contains("yesterday"))
    }

    @Test func imfFixdateMatchesTheCalendar() {
        #expect(HTTPDate.imfFixdate(epochSecond: 784_111_777) == Self.exampleText)
        #expect(HTTPDate.imfFixdate(epochSecond: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.imfFixdate(epochSecond: -1) == "Wed, 31 Dec 1969 23:59:59 GMT")
        #expect(HTTPDate.imfFixdate(epochSecond: 951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.imfFixdate(epochSecond: 4_107_542_400) == "Mon, 01 Mar 2100 00:00:00 GMT")
        #expect(HTTPDate.imfFixdate(epochSecond: 253_402_300_799) == "Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(HTTPDate.imfFixdate(epochSecond: -62_135_596_800) == "Mon, 01 Jan 0001 00:00:00 GMT")
        // Against Foundation's formatter (only here: the server never makes one) over a spread of seconds.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var second: Int64 = -2_208_988_800  // 1900
        while second < 4_102_444_800 {  // 2100
            #expect(HTTPDate.imfFixdate(epochSecond: second) == formatter.string(from: Date(timeIntervalSince1970: Double(second))))
            second += 7_777_777
        }
    }

    @Test func aClockOutOfRangeSaturates() {
        #expect(HTTPDate.epochSecond(Date(timeIntervalSince1970: 1e300)) == 253_402_300_799)
        #expect(HTTPDate.epochSecond(Date(timeIntervalSince1970: -1e300)) == -62_135_596_800)
        #expect(HTTPDate.epochSecond(Date(timeIntervalSince1970: .nan)) == 0)
    }

    /// Formatted once a second: the same chunk until the clock's second changes.
    @Test func theLineIsFormattedOncePerSecond() {
        let now = Locked(784_111_777.0)
        var date = HTTPDate { Date(timeIntervalSince1970: now.current) }
        let first = date.headerLine()
        now.withValue { $0 += 0.9 }
        #expect(date.headerLine() === first)
        now.withValue { $0 += 0.2 }
        let next = date.headerLine()
        #expect(next !== first)
        #expect(String(decoding: next.bytes, as: UTF8.self) == "Date: Sun, 06 Nov 1994 08:49:38 GMT\r\n")
    }
}
