import Testing
import WebUI

@Suite struct HTTPStreamHeadTests {
    @Test func aStreamHeadHasNoLengthAndClosesTheConnection() {
        let head = HTTPServerResponse.streamHead(
            status: .ok,
            headers: [
                ("Content-Type", "text/event-stream"), ("Content-Length", "5"), ("Connection", "keep-alive"),
                ("Transfer-Encoding", "chunked"), ("X-Evil", "a\r\nSet-Cookie: b"), ("Bad Name", "c"),
            ])
        #expect(
            String(decoding: head, as: UTF8.self)
                == "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nX-Evil: a  Set-Cookie: b\r\nConnection: close\r\n\r\n")
    }
}
