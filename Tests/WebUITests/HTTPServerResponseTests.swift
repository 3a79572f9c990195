import Foundation
import Testing
import WebUI

@Suite struct HTTPServerResponseTests {
    @Test func statusLineHeadersLengthAndBody() {
        let response = HTTPServerResponse(
            status: .ok, headers: [("Content-Type", "text/html; charset=utf-8")], body: bytes("<p>hi</p>"), keepAlive: true)
        let expected =
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
            + "Content-Length: 9\r\nConnection: keep-alive\r\n\r\n<p>hi</p>"
        #expect(response.serialized() == bytes(expected))
    }

    @Test func anEmptyBodyStillSaysItsLengthAndCloses() {
        let response = HTTPServerResponse(status: .notFound)
        #expect(response.serialized() == bytes("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
    }

    @Test func headAnnouncesTheLengthWithoutTheBody() {
        let response = HTTPServerResponse(status: .ok, body: bytes("abc"))
        #expect(response.serialized(forHead: true) == bytes("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\n"))
    }

    @Test func theWriterOwnsFraming() {
        let response = HTTPServerResponse(
            status: .ok, headers: [("content-length", "999"), ("Connection", "keep-alive"), ("Transfer-Encoding", "chunked")],
            body: bytes("x"))
        #expect(response.serialized() == bytes("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx"))
    }

    @Test(arguments: [
        ("a\r\nSet-Cookie: evil=1", "a  Set-Cookie: evil=1"), ("a\nb", "a b"), ("a\rb", "a b"), ("a\0b", "a b"),
        ("tab\tkept", "tab\tkept"), ("é ok", "é ok"),
    ])
    func valuesCannotInjectLines(value: String, sent: String) {
        let response = HTTPServerResponse(status: .ok, headers: [("X-Value", value)])
        let text = String(decoding: response.serialized(), as: UTF8.self)
        #expect(text.contains("\r\nX-Value: \(sent)\r\n"))
        #expect(text.components(separatedBy: "\r\n").count == 6)
    }

    @Test func headerNamesThatAreNotTokensAreLeftOut() {
        let response = HTTPServerResponse(status: .ok, headers: [("Bad\r\nName", "v"), ("Good", "v")])
        #expect(response.serialized() == bytes("HTTP/1.1 200 OK\r\nGood: v\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
    }

    @Test func anErrorResponseIsPlainTextAndCloses() {
        let response = HTTPServerResponse(error: .headersTooLarge)
        let expected =
            "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: 25\r\nConnection: close\r\n\r\nheader section too large\n"
        #expect(response.serialized() == bytes(expected))
    }
}
